import type { withdrawalMethods } from './investments';

// What the investor's and the admin's money routes answer, as the PWA reads them: amounts in dollars (the
// presenters' centsToDollars), times as ISO strings, ids as strings (PostgreSQL bigints).

/** GET /api/userdata, and the investor in GET /api/session: who is signed in, as the header shows them. */
export type InvestorUserData = {
  firstName: string;
  lastName: string;
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
  firstName: string;
  lastName: string;
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
  holdings: { available: number; invested: number; pendingWithdrawal: number; total: number };
  investments: Investment[];
};

export type WithdrawalMethod = (typeof withdrawalMethods)[number];

/** One withdrawal (GET and POST /api/withdrawals). */
export type Withdrawal = {
  id: string;
  amount: number;
  method: WithdrawalMethod;
  address: string;
  /** `approved` and `broadcast` only on a configured chain: the coin amount is fixed, then the payment is on chain. */
  status: 'pending' | 'approved' | 'broadcast' | 'paid' | 'rejected';
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
};

/** One row of GET /api/admin/withdrawals: the withdrawal, whose it is and what that investor has left. */
export type AdminWithdrawal = Withdrawal & {
  user: { id: string; email: string };
  /** The investor's available balance now (the withdrawn amount is already held apart). */
  availableBalance: number;
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
