import type { DepositQuote, QuotePayment } from '../../../api/contracts/deposit-quotes';

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** An Ethereum quote for $50 at $2,000, half an hour to go; a test states only what differs. */
export const buildQuote = (overrides: Partial<DepositQuote> = {}): DepositQuote => ({
  id: 'q1',
  coin: 'ethereum',
  chain: 'ethereum',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  coinAmount: '0.025',
  amount: 50,
  rate: '2000',
  rateAsOf: '2026-11-24T10:30:00.000Z',
  createdAt: inMinutes(-0.5),
  expiresAt: inMinutes(29.5),
  paymentUri: 'ethereum:0x52908400098527886E0F7030069857D2E4169EE7?value=2.5e16',
  ...overrides,
});

/** A payment of the whole quote, just seen on the chain. */
export const buildPayment = (overrides: Partial<QuotePayment> = {}): QuotePayment => ({
  txHash: '0xabc',
  index: -1,
  coinAmount: '0.025',
  confirmations: 0,
  required: 12,
  status: 'seen',
  amount: 50,
  parts: [{ basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 }],
  explorerUrl: null,
  firstSeenAt: inMinutes(-0.2),
  ...overrides,
});
