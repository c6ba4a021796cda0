import type { InvestorAssets, InvestorDashboard, TransactionRow } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import type { OnChainHistoryDetails } from '../chain-deposits/chain-deposits.api';
import { presentInvestment, type InvestmentView } from '../investments/investments.api';
import type { InvestorBalances } from '../ledger/ledger.api';
import type { dashboardForSession, HistoryRow } from './dashboard.repo';

type Dashboard = NonNullable<Awaited<ReturnType<typeof dashboardForSession>>>;

/** The dashboard's tiles and active plans; the status of an active plan goes without saying. */
export function presentDashboard({ available, flows, active }: Dashboard, referralLink: string): InvestorDashboard {
  return {
    balances: {
      accountBalance: centsToDollars(available),
      totalProfit: centsToDollars(flows.totalProfit),
      bonus: centsToDollars(flows.bonus),
      referralBonus: centsToDollars(flows.referralBonus),
      totalDeposit: centsToDollars(flows.totalDeposit),
      totalWithdrawal: centsToDollars(flows.totalWithdrawal),
    },
    activePlans: active.map(presentInvestment).map(({ id, planName, amount, expectedReturn, startsAt, maturesAt }) => ({
      id,
      planName,
      amount,
      expectedReturn,
      startsAt,
      maturesAt,
    })),
    referralLink,
  };
}

/**
 * `onChain` only on an on-chain deposit: its confirmations, its quote's page and its block explorer link; `held` on
 * every deposit (`isDeposit`), null unless its money is held now.
 */
export const presentHistoryItem = (
  row: HistoryRow,
  isDeposit: boolean,
  onChain?: OnChainHistoryDetails,
): TransactionRow => ({
  id: row.id,
  date: new Date(row.date).toISOString(),
  type: row.type,
  via: row.via,
  status: row.status,
  amount: centsToDollars(Number(row.amount_cents)),
  ...(onChain && { onChain }),
  ...(isDeposit && { held: row.held }),
});

/** Where the investor's money is right now, and every plan they hold or held. */
export function presentAssets(balances: InvestorBalances, investments: InvestmentView[]): InvestorAssets {
  return {
    holdings: {
      available: centsToDollars(balances.available),
      invested: centsToDollars(balances.invested),
      pendingWithdrawal: centsToDollars(balances.pendingWithdrawal),
      held: centsToDollars(balances.held),
      total: centsToDollars(balances.available + balances.invested + balances.pendingWithdrawal + balances.held),
    },
    investments: investments.map(presentInvestment),
  };
}
