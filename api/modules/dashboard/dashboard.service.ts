import type { Db } from '../../db/connect';
import { dashboardForSession, transactionHistory, type SessionCheck, type TransactionTab } from './dashboard.repo';

// The investor's hottest reads. Each is one statement that also checks the session (`session`, the head that
// sessions.liveSessionSql writes), so a request costs one round trip; undefined when the session is not live.

/** Everything the investor's dashboard shows: referral code, available balance, flow totals, active plans. */
export const investorDashboard = (db: Db, session: SessionCheck) => dashboardForSession(db, session);

export interface HistoryFilter {
  tab: TransactionTab;
  /** Matches a row's type, coin or method, or status. */
  type: string | undefined;
  page: number;
  pageSize: number;
}

/** One page of the investor's deposits, withdrawals or other ledger events, newest first. */
export const investorHistory = (db: Db, session: SessionCheck, { tab, type, page, pageSize }: HistoryFilter) =>
  transactionHistory(db, session, tab, type, page, pageSize);
