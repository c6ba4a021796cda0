import { describe, expect, it } from 'vitest';
import { describeChange, kindOfValue } from './describe-change';

describe('describeChange', () => {
  it('lists the fields that changed, with their raw values, and those set when there was no before', () => {
    expect(describeChange({ status: 'pending' }, { status: 'confirmed', amountCents: 15000 })).toEqual([
      { key: 'status', hadBefore: true, before: 'pending', after: 'confirmed' },
      { key: 'amountCents', hadBefore: false, after: 15000 },
    ]);
    expect(describeChange(null, { email: 'a@example.com', name: null })).toEqual([
      { key: 'email', hadBefore: false, after: 'a@example.com' },
      { key: 'name', hadBefore: false, after: null },
    ]);
  });

  it('reads JSON text as well as objects', () => {
    expect(describeChange('{"status":"pending"}', '{"status":"paid","txHash":"0xabc"}')).toEqual([
      { key: 'status', hadBefore: true, before: 'pending', after: 'paid' },
      { key: 'txHash', hadBefore: false, after: '0xabc' },
    ]);
  });
});

describe('kindOfValue', () => {
  it('tells money, basis points, statuses, times, yes/no and plain text apart', () => {
    expect(kindOfValue('amountCents', 120000)).toBe('money');
    expect(kindOfValue('cents', 5000)).toBe('money');
    expect(kindOfValue('amountCents', 'lots')).toBe('text');
    expect(kindOfValue('status', 'paid')).toBe('status');
    expect(kindOfValue('resolvedAt', '2026-11-26T21:00:00.000Z')).toBe('time');
    expect(kindOfValue('reason', '2026 was a year')).toBe('text');
    expect(kindOfValue('sessionsEnded', true)).toBe('boolean');
    expect(kindOfValue('name', null)).toBe('empty');
    expect(kindOfValue('filter', { search: 'ada' })).toBe('json');
    expect(kindOfValue('presetsCents', [5000, 10000])).toBe('moneyList');
    expect(kindOfValue('roiBasisPoints', 750)).toBe('basisPoints');
  });
});
