import type { ChainPaymentStatus, QuotePaymentPart } from './deposit-quotes';
import type { withdrawalMethods } from './investments';
import type { FundHold } from './kyc-limits';
import type { TreeVersion } from './liability-tree';

// What the investor's and the admin's money routes answer, as the PWA reads them: amounts in dollars (the
// presenters' centsToDollars), times as ISO strings, ids as strings (PostgreSQL bigints).

/** GET /api/userdata, and the investor in GET /api/session: who is signed in, as the header shows them. */
export type InvestorUserData = {
  /** The users table allows an account without a name. */
  firstName: string | null;
  lastName: string | null;
  email: string;
  referralCode: string;
  referralsCount: number;
  emailVerified: boolean;
};

/** GET /api/session: 200 whether or not a session is open, so an anonymous visit logs no failed request. */
export type SessionAnswer =
  | { signedIn: false }
  | { signedIn: true; role: 'admin' }
  | { signedIn: true; role: 'investor'; userData: InvestorUserData };

/** GET /api/user's `user`: the full profile with the withdrawer details. */
export type InvestorProfile = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  country: string | null;
  address: string | null;
  referralCode: string;
  emailVerified: boolean;
  createdAt: string;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  swiftCode: string | null;
  bitcoinAddress: string | null;
  ethereumAddress: string | null;
  usdtAddress: string | null;
  /** Set only where the operator configures the coin's chain (its withdrawal method is offered there). */
  litecoinAddress: string | null;
  dogecoinAddress: string | null;
};

/** One investment (POST /api/investments, GET /api/assets). */
export type Investment = {
  id: string;
  planName: string;
  amount: number;
  expectedReturn: number;
  /** `active` until it matures, then `matured`. */
  status: string;
  startsAt: string;
  maturesAt: string;
};

/** An investment that has not matured yet, on the dashboard: its status goes without saying. */
export type ActivePlan = Omit<Investment, 'status'>;

/** GET /api/dashboard: every figure read from the ledger. */
export type InvestorDashboard = {
  balances: {
    accountBalance: number;
    totalProfit: number;
    bonus: number;
    referralBonus: number;
    totalDeposit: number;
    totalWithdrawal: number;
  };
  activePlans: ActivePlan[];
  referralLink: string;
};

/** GET /api/assets: where the investor's money is now, and every plan they hold or held. */
export type InvestorAssets = {
  /** `held`: credited but not usable yet (a deposit above the identity level's limit, or frozen); in `total`. */
  holdings: { available: number; invested: number; pendingWithdrawal: number; held: number; total: number };
  investments: Investment[];
};

export type WithdrawalMethod = (typeof withdrawalMethods)[number];

/** One withdrawal (GET and POST /api/withdrawals). */
export type Withdrawal = {
  id: string;
  amount: number;
  method: WithdrawalMethod;
  address: string;
  /**
   * `approved`, `in_batch` and `broadcast` only on a configured chain: the coin amount is fixed, then (UTXO chains) the
   * withdrawal is in a batch waiting for the operator's signature, then the payment is on chain.
   */
  status: 'pending' | 'approved' | 'in_batch' | 'broadcast' | 'paid' | 'rejected';
  txHash: string | null;
  rejectReason: string | null;
  createdAt: string;
  /** Paid on a configured chain and proven there; false: marked paid by an admin, not checked on chain. */
  onChain: boolean;
  coin: string | null;
  /** The coin amount fixed at approval, e.g. "0.03". */
  coinAmount: string | null;
  /** USD per coin at approval. */
  rate: string | null;
  /** The payment's transaction once found on chain. */
  txid: string | null;
  confirmations: number | null;
  required: number | null;
  explorerUrl: string | null;
  /** Paid on chain once approved (else marked paid by hand). */
  payableOnChain: boolean;
  /** Paid in a payout batch the operator signs (a UTXO chain), not by a hash the admin enters. */
  paidInBatch: boolean;
  /** For an approved on-chain withdrawal: the EIP-681 link with the exact amount (the token's transfer call). */
  paymentUri: string | null;
};

/** One row of GET /api/admin/withdrawals: the withdrawal, whose it is and what that investor has left. */
export type AdminWithdrawal = Withdrawal & {
  user: { id: string; email: string };
  /** The investor's available balance now (the withdrawn amount is already held apart). */
  availableBalance: number;
};

/**
 * A payout batch on a UTXO chain: one transaction paying approved withdrawals, built here as a PSBT (BIP 174) and
 * signed by the operator in their own wallet (GET/POST /api/admin/payout-batches…). Coin amounts are decimal text.
 */
export type PayoutBatch = {
  id: string;
  chain: string;
  coin: string;
  /** unsigned: waits for the operator's signature; replaced: a fee bump (or its original) confirmed instead. */
  status: 'unsigned' | 'broadcast' | 'confirmed' | 'replaced' | 'failed';
  /** The PSBT to sign, base64 (also served as a file by GET /api/admin/payout-batches/:id/psbt). */
  psbt: string;
  txid: string;
  /** The network fee, the operator's: in the coin, in sat/vB, and in USD cents at the withdrawals' fixed rate. */
  fee: string;
  feeRate: number;
  feeCents: number;
  virtualSize: number;
  /** Once in a block; null before. */
  confirmations: number | null;
  required: number;
  explorerUrl: string | null;
  /** The batch this one bumps, and the bump that replaces this one. */
  replacesId: string | null;
  replacedById: string | null;
  failureReason: string | null;
  createdAt: string;
  broadcastAt: string | null;
  confirmedAt: string | null;
  withdrawals: Array<{ id: string; amount: number; address: string; coinAmount: string; email: string }>;
  inputs: Array<{ txid: string; vout: number; coinAmount: string; path: string | null }>;
  change: { address: string; coinAmount: string; path: string | null } | null;
};

/** POST /api/admin/payout-batches/preview: what a batch of these withdrawals would cost, before it is built. */
export type PayoutBatchPreview = {
  chain: string;
  coin: string;
  feeRate: number;
  /** The node's estimatesmartfee for the next few blocks, in sat/vB; null when the node has no estimate. */
  suggestedFeeRate: number | null;
  fee: string;
  feeCents: number;
  virtualSize: number;
  /** What the withdrawals pay, in the coin, and what the operator's confirmed coins hold. */
  total: string;
  available: string;
  withdrawalIds: string[];
};

/** One receipt deposit (GET /api/deposits). */
export type Deposit = {
  id: string;
  amount: number;
  coin: string | null;
  planName: string | null;
  status: 'pending' | 'confirmed' | 'rejected';
  rejectReason: string | null;
  createdAt: string;
};

/** One row of GET /api/admin/receipts: the deposit and whose it is. */
export type Receipt = Deposit & {
  user: { id: string; email: string };
  /** An earlier deposit whose receipt file has the same SHA-256. */
  duplicateOf?: string;
};

/** The person in POST /api/signup and /api/signin (with the token and the referral link), as the PWA stores them. */
export type InvestorAccount = Omit<
  InvestorProfile,
  | 'bankName'
  | 'accountName'
  | 'accountNumber'
  | 'swiftCode'
  | 'bitcoinAddress'
  | 'ethereumAddress'
  | 'usdtAddress'
  | 'litecoinAddress'
  | 'dogecoinAddress'
>;

/** One row of GET /api/transactions; `via`: a deposit's coin id, a withdrawal's method, null for the others. */
export type TransactionRow = {
  id: string;
  date: string;
  type: string;
  via: string | null;
  status: string;
  amount: number;
  /** Only on an on-chain deposit: its confirmations so far, its quote's page and its block explorer link. */
  onChain?: { quoteId: string; txHash: string; confirmations: number; required: number; explorerUrl: string | null };
  /** On every row of the deposit tab only: why its money is held now (credited to `held`), null when it is not. */
  held?: FundHold['reason'] | null;
};

export type Referral = { firstName: string; joinedAt: string; bonus: number };

/** GET /api/referrals: the investor's code and link, and everyone who signed up through it. */
export type ReferralSummary = {
  referralCode: string;
  referralLink: string;
  referralsCount: number;
  referralBonus: number;
  referrals: Referral[];
};

export type ReserveAddress = {
  chain: string;
  coin: string;
  address: string;
  /** In coins, e.g. "0.5"; null when the node could not be read. */
  balance: string | null;
  /** In dollars at the live rate; null without a balance or a rate. */
  value: number | null;
};

/** GET /api/proof-of-liabilities/reserves: the deposit addresses' on-chain balances beside the liabilities. */
export type Reserves = {
  configured: boolean;
  addresses: ReserveAddress[];
  total: number | null;
  liabilities: number | null;
  ratio: number | null;
  snapshotId: number | null;
  asOf: string;
};

/** One line of GET /api/sessions; `current` marks the session asking. The times are null only in type: every session row has its creation time. */
export type AccountSession = {
  id: string;
  userAgent: string;
  ip: string;
  createdAt: string | null;
  lastSeenAt: string | null;
  current: boolean;
};

/** GET /api/2fa. */
export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };

export type PayoutKind = 'bitcoin' | 'ethereum' | 'usdt' | 'litecoin' | 'dogecoin';
export type PendingPayoutAddress = { address: string | null; confirmed: boolean; takesEffectAt: string | null };
/** GET /api/payout-addresses' `addresses`: each kind's address in force and the change waiting, if any. */
export type PayoutAddresses = Record<PayoutKind, { address: string | null; pending: PendingPayoutAddress | null }>;

/** One row of GET /api/users (the admin's Registered Users). */
export type RegisteredUser = {
  id: string;
  name: string;
  email: string;
  country: string | null;
  createdAt: string;
  emailVerified: boolean;
  availableBalance: number;
};

/** GET /api/admin/users/:id without its `chainDeposits`: one investor, balances read from the ledger. */
export type InvestorDetail = {
  user: {
    id: string;
    name: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string | null;
    country: string | null;
    address: string | null;
    emailVerified: boolean;
    createdAt: string;
    referralCode: string;
    referredBy: { id: string; email: string | null } | null;
    payoutAddresses: Record<PayoutKind, string | null>;
  };
  balances: {
    available: number;
    invested: number;
    pendingWithdrawal: number;
    totalDeposit: number;
    totalWithdrawal: number;
    totalProfit: number;
    referralBonus: number;
  };
  deposits: Deposit[];
  investments: Investment[];
  withdrawals: Withdrawal[];
  referrals: Array<{ id: string; name: string; email: string; joinedAt: string; bonus: number }>;
  sessions: Array<{ createdAt: string; expiresAt: string }>;
};

/** One payment the watchers saw (GET /api/admin/chain-payments, newest 200, and the investor's detail). */
export type AdminChainPayment = {
  id: string;
  chain: string;
  coin: string;
  txHash: string;
  index: number;
  user: { id: string; email: string };
  quoteId: string | null;
  coinAmount: string;
  status: ChainPaymentStatus;
  confirmations: number;
  required: number;
  /** USD credited, or the estimate before credit; null while no rate is known. */
  amount: number | null;
  /** How `amount` is made up: coins at the quote's rate and coins beyond it at the rate when they arrived. */
  parts: QuotePaymentPart[];
  explorerUrl: string | null;
  firstSeenAt: string;
  creditedAt: string | null;
};

/** Something the operator must look at, such as a credited payment a reorganisation dropped (never debited by itself). */
export type ChainIncident = {
  id: string;
  chain: string;
  kind: string;
  paymentId: string | null;
  details: unknown;
  createdAt: string;
  resolvedAt: string | null;
  /** The admin who closed it, and what they found and did. */
  resolvedBy: string | null;
  resolution: string | null;
};

export type CountAndAmount = { count: number; amount: number };

/** GET /api/admin/stats: every figure read from the database and the ledger. */
export type AdminStats = {
  users: number;
  deposits: { pending: CountAndAmount; confirmed: CountAndAmount };
  withdrawals: { pending: CountAndAmount; paid: CountAndAmount };
  fundsHeld: number;
  returnsDueIn24h: CountAndAmount;
};

/** GET /api/admin/stats/daily: confirmed deposits and paid withdrawals per UTC day, oldest first. */
export type DailyFlows = { days: Array<{ date: string; deposits: CountAndAmount; withdrawals: CountAndAmount }> };

/** One row of GET /api/admin/audit-log. */
export type AuditEntry = {
  id: number;
  actor: { id: string; email: string | null } | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** One contact-form message (GET /api/admin/messages). */
export type ContactMessage = {
  id: number;
  fullName: string;
  email: string;
  budget: string;
  subject: string;
  message: string;
  createdAt: string;
};

/** A published proof-of-liabilities snapshot (GET /api/proof-of-liabilities). */
export type LiabilitySnapshot = {
  id: number;
  /** The leaf encoding (liability-tree.ts): 2 splits each balance into shares, 1 did not. */
  version: TreeVersion;
  root: string;
  total: number;
  totalCents: number;
  investors: number;
  takenAt: string;
};
