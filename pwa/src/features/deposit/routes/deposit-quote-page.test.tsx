import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DepositQuote, QuotePayment } from '../../../../../api/contracts/deposit-quotes';
import { buildPayment, buildQuote, inMinutes } from '../../../test/deposit-quote-fixtures';
import { ToastProvider } from '../../../components/ui/toast';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { Route, Routes } from 'react-router-dom';
import { depositQuoteQuery, quoteIsSettled } from '../api/deposit-quotes';
import { DepositQuotePage } from './deposit-quote-page';

const quote = buildQuote;
const payment = buildPayment;

function renderQuote(body: { quote: DepositQuote; payments: QuotePayment[] } | { status: number; message: string }) {
  const api = fakeApi({
    'GET /api/deposit-quotes/q1':
      'status' in body ? { status: body.status, body: { message: body.message } } : { status: 200, body },
  });
  renderPageWithQuery(
    <ToastProvider>
      <Routes>
        <Route path="/deposit-quotes/:id" element={<DepositQuotePage />} />
      </Routes>
    </ToastProvider>,
    { route: '/deposit-quotes/q1' },
  );
  return api;
}

describe('DepositQuotePage', () => {
  it('shows where and how much to pay, the price it was quoted at and the time left', async () => {
    renderQuote({ quote: quote(), payments: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay with Ethereum' })).toBeInTheDocument();
    expect(screen.getByText('0.025 ETH')).toBeInTheDocument();
    expect(screen.getByText('0x52908400098527886E0F7030069857D2E4169EE7')).toBeInTheDocument();
    expect(screen.getByText(/^\$50\.00 at 1 ETH = \$2,000\.00/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Pay within 29:(2|3)\d to get this price\.$/);
    expect(screen.getByRole('button', { name: 'Copy the amount' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for your payment…')).toHaveAttribute('role', 'status');
  });

  it('says an expired quote still credits a late payment', async () => {
    renderQuote({ quote: quote({ expiresAt: inMinutes(-1) }), payments: [] });
    expect(await screen.findByRole('timer')).toHaveTextContent(
      'This quote has expired. A payment sent now is still credited, at the price when the network first sees it.',
    );
  });

  it('follows each payment from seen to confirming to credited, and names one dropped by a reorganisation', async () => {
    renderQuote({
      quote: quote(),
      payments: [
        payment({ txHash: '0x01', status: 'seen', confirmations: 0, amount: 25, coinAmount: '0.0125' }),
        payment({ txHash: '0x02', status: 'confirming', confirmations: 5 }),
        payment({
          txHash: '0x03',
          status: 'credited',
          confirmations: 12,
          amount: 25,
          explorerUrl: 'https://etherscan.io/tx/0x03',
        }),
        payment({ txHash: '0x04', status: 'orphaned', confirmations: 0 }),
      ],
    });
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.quote-payment__status')?.textContent)).toEqual([
      'Seen on the network: 0 of 12 confirmations',
      'Confirming: 5 of 12 confirmations',
      'Credited $25.00',
      'Dropped by a chain reorganisation: waiting for the network to include it again',
    ]);
    expect(items[0]).toHaveTextContent('0.0125 ETH ($25.00)');
    expect(screen.getByRole('progressbar', { name: '5 of 12 confirmations' })).toHaveAttribute('value', '5');
    expect(screen.getByText('Credited automatically after 12 network confirmations.')).toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: '0x03' })).toHaveAttribute(
      'href',
      'https://etherscan.io/tx/0x03',
    );
    expect(within(items[0]!).queryByRole('link')).toBeNull();
  });

  it('shows how an overpayment is priced: the quoted coins at the quote, the rest at the rate when it arrived', async () => {
    renderQuote({
      quote: quote(),
      payments: [
        payment({
          txHash: '0x01',
          coinAmount: '1',
          amount: 1025,
          parts: [
            { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
            { basis: 'arrival', coinAmount: '0.975', rate: '1000', amount: 975 },
          ],
        }),
        payment({
          txHash: '0x02',
          coinAmount: '0.05',
          amount: null,
          parts: [{ basis: 'arrival', coinAmount: '0.05', rate: null, amount: null }],
        }),
        payment({ txHash: '0x03' }),
      ],
    });
    const [overpaid, unpriced, whole] = await screen
      .findAllByText(/^0x0\d$/)
      .then((hashes) => hashes.map((hash) => hash.closest('li')!));
    expect(overpaid).toHaveTextContent('1 ETH ($1,025.00)');
    expect(
      within(within(overpaid!).getByRole('list', { name: 'How this amount is priced' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '0.025 ETH at the quoted $2,000.00 = $50.00',
      '0.975 ETH at $1,000.00, the rate when it arrived = $975.00',
    ]);
    expect(unpriced).toHaveTextContent('0.05 ETH: priced at the market rate once one is available');
    expect(within(whole!).queryByRole('list')).toBeNull();
  });

  it("answers another investor's or an unknown quote with the server's message", async () => {
    renderQuote({ status: 404, message: 'Deposit quote not found' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Deposit quote not found');
  });
});

describe('depositQuoteQuery', () => {
  const interval = (payments: QuotePayment[]) => {
    const options = depositQuoteQuery('q1');
    const refetch = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    return refetch({ state: { data: { quote: quote(), payments } } });
  };

  it('keeps polling until every payment seen is credited', () => {
    expect(interval([])).toBe(10_000);
    expect(interval([payment({ status: 'confirming' })])).toBe(10_000);
    expect(interval([payment({ status: 'credited' }), payment({ status: 'orphaned' })])).toBe(10_000);
    expect(interval([payment({ status: 'credited' })])).toBe(false);
    expect(quoteIsSettled({ quote: quote(), payments: [payment({ status: 'credited' })] })).toBe(true);
  });
});
