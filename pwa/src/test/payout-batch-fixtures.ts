import type { AdminWithdrawal, PayoutBatch, PayoutBatchPreview } from '../../../api/contracts/answers';
import { buildAdminWithdrawal } from './withdrawal-fixtures';

/** An approved Bitcoin withdrawal waiting for a batch, as GET /api/admin/withdrawals?status=approved lists it. */
export const buildApprovedBitcoinWithdrawal = (overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal =>
  buildAdminWithdrawal({
    method: 'Bitcoin',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    status: 'approved',
    onChain: true,
    payableOnChain: true,
    coin: 'bitcoin',
    coinAmount: '0.001',
    rate: '60000',
    required: 3,
    ...overrides,
  });

/** An unsigned batch on Bitcoin paying one $60 withdrawal at 2 sat/vB, as GET /api/admin/payout-batches answers it. */
export const buildPayoutBatch = (overrides: Partial<PayoutBatch> = {}): PayoutBatch => ({
  id: '5b1e0c2a-0000-4000-8000-00000000000a',
  chain: 'bitcoin',
  coin: 'bitcoin',
  status: 'unsigned',
  psbt: 'cHNidP8BAFICAAAAAQ==',
  txid: 'a1'.repeat(32),
  fee: '0.00000282',
  feeRate: 2,
  feeCents: 17,
  virtualSize: 141,
  confirmations: null,
  required: 3,
  explorerUrl: null,
  replacesId: null,
  replacedById: null,
  failureReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  broadcastAt: null,
  confirmedAt: null,
  withdrawals: [
    {
      id: '33333333-cccc-4000-8000-000000000003',
      amount: 60,
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      coinAmount: '0.001',
      email: 'wade@example.com',
    },
  ],
  inputs: [{ txid: 'f0'.repeat(32), vout: 0, coinAmount: '0.01', path: "m/84'/0'/0'/0/3" }],
  change: { address: 'bc1qchange000000000000000000000000000000000', coinAmount: '0.00899718', path: "m/84'/0'/0'/1/0" },
  ...overrides,
});

/** The same batch signed and sent, not yet in a block. */
export const broadcastBatch: Partial<PayoutBatch> = {
  status: 'broadcast',
  broadcastAt: '2026-11-28T10:05:00.000Z',
  explorerUrl: `https://mempool.space/tx/${'a1'.repeat(32)}`,
};

/** What POST /api/admin/payout-batches/preview answers for these withdrawals at this fee rate. */
export const buildPayoutPreview = (overrides: Partial<PayoutBatchPreview> = {}): PayoutBatchPreview => ({
  chain: 'bitcoin',
  coin: 'bitcoin',
  feeRate: 3,
  suggestedFeeRate: 3,
  fee: '0.00000423',
  feeCents: 25,
  virtualSize: 141,
  total: '0.003',
  available: '0.01',
  withdrawalIds: [],
  ...overrides,
});
