import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change';

describe('describeChange', () => {
  it('lists the fields that changed, and those set when there was no before', () => {
    expect(describeChange({ status: 'pending' }, { status: 'confirmed', amountCents: 15000 })).toEqual([
      'status: pending → confirmed',
      'amountCents: 15000',
    ]);
    expect(describeChange(null, { email: 'a@example.com', name: null })).toEqual(['email: a@example.com', 'name: –']);
  });

  it('reads JSON text as well as objects', () => {
    expect(describeChange('{"status":"pending"}', '{"status":"paid","txHash":"0xabc"}')).toEqual([
      'status: pending → paid',
      'txHash: 0xabc',
    ]);
  });
});
