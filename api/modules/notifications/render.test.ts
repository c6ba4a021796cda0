import { describe, expect, it } from 'vitest';
import { renderNotification } from './render';

describe('renderNotification', () => {
  it('isolates amounts in right-to-left languages so they read in their own order, and only there', () => {
    const params = { amountCents: 6_000, method: 'Bitcoin' };
    const arabic = renderNotification('withdrawal.requested', params, 'ar');
    expect(arabic.title).toMatch(/\u2066[^\u2069]*60\.00\u00a0US\$\u2069/);
    expect(renderNotification('withdrawal.requested', params, 'en').title).toBe('Withdrawal of $60.00 requested');
  });
});
