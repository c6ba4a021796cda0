import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { buildPayment, buildQuote, inMinutes } from '../../../test/deposit-quote-fixtures';
import { renderPageWithQuery } from '../../../test/render-page';
import { OnChainHistory } from './on-chain-history';

describe('OnChainHistory', () => {
  it("lists the investor's payment addresses with where each stands, each reopening its page", async () => {
    fakeApi({
      'GET /api/deposit-quotes': {
        status: 200,
        body: {
          quotes: [
            { quote: buildQuote({ id: 'q4' }), payments: [] },
            { quote: buildQuote({ id: 'q3', amount: 120 }), payments: [buildPayment({ status: 'confirming' })] },
            {
              quote: buildQuote({ id: 'q2', coin: 'usdt' }),
              payments: [
                buildPayment({ status: 'credited', amount: 25 }),
                buildPayment({ status: 'credited', amount: 5 }),
              ],
            },
            { quote: buildQuote({ id: 'q1', expiresAt: inMinutes(-5) }), payments: [] },
          ],
        },
      },
    });
    renderPageWithQuery(<OnChainHistory />);
    const section = await screen.findByRole('region', { name: 'Your on-chain payments' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/deposit-quotes/q4',
      '/deposit-quotes/q3',
      '/deposit-quotes/q2',
      '/deposit-quotes/q1',
    ]);
    expect(links.map((link) => link.querySelector('.status-pill')?.textContent)).toEqual([
      'Waiting for payment',
      'Confirming',
      'Credited $30.00',
      'Expired, nothing received',
    ]);
    expect(links[1]).toHaveTextContent('$120.00Ethereum');
    expect(links[2]).toHaveTextContent('USDT');
  });

  it('shows nothing before the first on-chain payment', async () => {
    const api = fakeApi({ 'GET /api/deposit-quotes': { status: 200, body: { quotes: [] } } });
    const { container } = renderPageWithQuery(<OnChainHistory />);
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
