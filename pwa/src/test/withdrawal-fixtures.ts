import type { AdminWithdrawal, Withdrawal } from '../../../api/contracts/answers';

/** A $60 Ethereum withdrawal waiting for an admin, as GET /api/withdrawals answers it. */
export const buildWithdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: '33333333-cccc-4000-8000-000000000003',
  amount: 60,
  method: 'Ethereum',
  address: '0x52908400098527886e0f7030069857d2e4169ee7',
  status: 'pending',
  txHash: null,
  rejectReason: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  onChain: false,
  coin: null,
  coinAmount: null,
  rate: null,
  txid: null,
  confirmations: null,
  required: null,
  explorerUrl: null,
  payableOnChain: false,
  paidInBatch: false,
  paymentUri: null,
  ...overrides,
});

const txid = `0x${'ab'.repeat(32)}`;

/** The same withdrawal once approved on its chain: 0.03 ETH fixed at $2,000. */
export const approvedOnChain: Partial<Withdrawal> = {
  status: 'approved',
  onChain: true,
  payableOnChain: true,
  paymentUri: 'ethereum:0x52908400098527886e0f7030069857d2e4169ee7?value=30000000000000000',
  coin: 'ethereum',
  coinAmount: '0.03',
  rate: '2000',
  required: 12,
};

/** Then paid on chain and 4 of 12 confirmations deep. */
export const broadcastOnChain: Partial<Withdrawal> = {
  ...approvedOnChain,
  status: 'broadcast',
  txHash: txid,
  txid,
  confirmations: 4,
  explorerUrl: `https://etherscan.io/tx/${txid}`,
};

/** One row of GET /api/admin/withdrawals: the withdrawal of wade@example.com, who has $90 left. */
export const buildAdminWithdrawal = (overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  ...buildWithdrawal(),
  user: { id: 'u1', email: 'wade@example.com' },
  availableBalance: 90,
  ...overrides,
});
