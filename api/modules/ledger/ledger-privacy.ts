import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

/** An investor's ledger entries for their data export (issue 37), oldest first. */
export interface LedgerEntryExport {
  id: string;
  transaction_id: string;
  kind: string;
  account: string;
  amount_cents: string;
  balance_after: string | null;
  created_at: Date;
}

/**
 * One batch of the investor's entries after entry `afterId`, every account kind of theirs, by entry id: the export
 * reads them batch by batch, each an index range scan, so 10,000 entries cost a few round trips, not one huge answer.
 */
export const investorEntriesAfter = (executor: Db, userId: string, afterId: string | number, limit: number) =>
  executor('ledger_entries as e')
    .join('ledger_accounts as a', 'a.id', 'e.account_id')
    .join('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('a.owner_id', userId)
    .where('e.id', '>', afterId)
    .orderBy('e.id')
    .limit(limit)
    .select<LedgerEntryExport[]>(
      'e.id',
      'e.transaction_id',
      't.kind',
      'a.kind as account',
      'e.amount_cents',
      'e.balance_after',
      't.created_at',
    );

/**
 * Every account the investor holds, whatever its kind (available, invested, pending withdrawal, held…), with its
 * balance, locked until `trx` ends: no transfer moves their money while their erasure is decided.
 */
export const investorAccountsForUpdate = (trx: Knex.Transaction, userId: string) =>
  trx('ledger_accounts')
    .where({ owner_id: userId })
    .orderBy('id')
    .forUpdate()
    .select<{ kind: string; balance: string }[]>('kind', 'balance');
