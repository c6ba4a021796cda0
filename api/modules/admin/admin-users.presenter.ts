import type { InvestorDetail as InvestorDetailAnswer, RegisteredUser } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import { presentDeposit } from '../deposits/deposits.api';
import { presentInvestment } from '../investments/investments.api';
import { presentWithdrawal } from '../withdrawals/withdrawals.api';
import type { InvestorDetail, InvestorListRow } from './admin-users.repo';

const fullName = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');
const iso = (value: Date | string) => new Date(value).toISOString();

/** One row of Registered Users. */
export const presentInvestorRow = (row: InvestorListRow): RegisteredUser => ({
  id: row.id,
  name: fullName(row),
  email: row.email,
  country: row.country,
  createdAt: iso(row.created_at),
  emailVerified: row.email_verified_at !== null,
  availableBalance: centsToDollars(Number(row.available_cents)),
});

/** The user page: profile, balances from the ledger, and the investor's records, newest first. */
export function presentInvestorDetail({
  user,
  balances,
  flows,
  deposits,
  investments,
  withdrawals,
  referrals,
  sessions,
}: InvestorDetail): InvestorDetailAnswer {
  return {
    user: {
      id: user.id,
      name: fullName(user),
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      phoneNumber: user.phone_number,
      country: user.country,
      address: user.address,
      emailVerified: user.email_verified_at !== null,
      createdAt: iso(user.created_at),
      referralCode: user.referral_code,
      referredBy: user.referred_by ? { id: user.referred_by, email: user.referrer_email } : null,
      payoutAddresses: {
        bitcoin: user.bitcoin_address,
        ethereum: user.ethereum_address,
        usdt: user.usdt_address,
        litecoin: user.litecoin_address,
        dogecoin: user.dogecoin_address,
      },
    },
    balances: {
      available: centsToDollars(balances.available),
      invested: centsToDollars(balances.invested),
      pendingWithdrawal: centsToDollars(balances.pendingWithdrawal),
      totalDeposit: centsToDollars(flows.totalDeposit),
      totalWithdrawal: centsToDollars(flows.totalWithdrawal),
      totalProfit: centsToDollars(flows.totalProfit),
      referralBonus: centsToDollars(flows.referralBonus),
    },
    deposits: deposits.map(presentDeposit),
    investments: investments.map(presentInvestment),
    withdrawals: withdrawals.map((withdrawal) => presentWithdrawal(withdrawal)),
    referrals: referrals.map((row) => ({
      id: row.id,
      name: fullName(row),
      email: row.email,
      joinedAt: iso(row.created_at),
      bonus: centsToDollars(Number(row.bonus_cents ?? 0)),
    })),
    sessions: sessions.map((row) => ({ createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) })),
  };
}
