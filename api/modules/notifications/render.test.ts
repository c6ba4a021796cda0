import { describe, expect, it } from 'vitest';
import { renderNotification } from './render';

describe('renderNotification', () => {
  it('isolates amounts in right-to-left languages so they read in their own order, and only there', () => {
    const params = { amountCents: 6_000, method: 'Bitcoin' };
    const arabic = renderNotification('withdrawal.requested', params, 'ar');
    expect(arabic.title).toMatch(/\u2068[^\u2069]*60[^\u2069]*\u2069/);
    expect(renderNotification('withdrawal.requested', params, 'en').title).toBe('Withdrawal of $60.00 requested');
  });
});
