import type { ChainStatus } from '../../../api/contracts/deposit-quotes';
import type { AdminChainPayment } from '../features/admin/api/chains';

/** A watcher in step with its node, 5 addresses handed out and none left unused past the wallet's gap limit. */
export const buildChainStatus = (overrides: Partial<ChainStatus> = {}): ChainStatus => ({
  chain: 'ethereum',
  addressGap: { gapLimit: 20, issued: 5, longestUnusedRun: 2, beyondGapLimit: false },
  tipHeight: 1200,
  scannedHeight: 1188,
  lag: 12,
  lastScanAt: new Date(Date.now() - 60_000).toISOString(),
  lastError: null,
  ...overrides,
});

/** A payment of a whole $50 Ethereum quote as GET /api/admin/chain-payments answers it, confirming. */
export const buildAdminChainPayment = (overrides: Partial<AdminChainPayment> = {}): AdminChainPayment => ({
  id: '2',
  chain: 'ethereum',
  coin: 'ethereum',
  txHash: '0xfeed',
  index: -1,
  user: { id: 'u1', email: 'ada@example.com' },
  quoteId: 'q1',
  coinAmount: '0.025',
  status: 'confirming',
  confirmations: 4,
  required: 12,
  amount: 50,
  parts: [{ basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 }],
  explorerUrl: 'https://etherscan.io/tx/0xfeed',
  firstSeenAt: '2026-11-24T10:00:00.000Z',
  creditedAt: null,
  ...overrides,
});
