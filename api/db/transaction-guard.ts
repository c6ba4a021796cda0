import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';

/** Set while a transaction's callback runs, cleared when it settles. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export class RootQueryInTransactionError extends Error {
  constructor() {
    super('A query on the root database ran inside a transaction: pass the transaction down instead');
    this.name = 'RootQueryInTransactionError';
  }
}

/**
 * Makes "every write inside a transaction goes through that transaction" a rule the database enforces. On embedded
 * PGlite there is one connection: a query on the root `db` inside a transaction waits for the connection the
 * transaction holds, which waits for the query, until the pool gives up a minute later. With the guard such a
 * query fails at once, on PostgreSQL as on PGlite, so every test run finds it. Queries of a transaction use the
 * transaction's own connection and never reach the root pool.
 */
export function refuseRootQueriesInTransactions(db: Knex) {
  // Knex's client: `transaction` starts one (its callback runs inside), `acquireConnection` serves root queries.
  const client = db.client as {
    transaction: (container: unknown, config: unknown, outerTx: unknown) => unknown;
    acquireConnection: () => Promise<unknown>;
  };
  const startTransaction = client.transaction;
  client.transaction = function (container, config, outerTx) {
    if (typeof container !== 'function' || outerTx) return startTransaction.call(this, container, config, outerTx);
    const handler = container as (trx: Knex.Transaction) => unknown;
    const wrapped = (trx: Knex.Transaction) => {
      const state = { open: true };
      return openTransaction.run(state, () => {
        const result = handler(trx);
        // `db.transaction()` without a callback passes knex's own resolve, which returns nothing: the transaction
        // then lives on outside, and returning a promise here would make knex commit it at once.
        if (typeof (result as PromiseLike<unknown> | undefined)?.then !== 'function') {
          state.open = false;
          return result;
        }
        return Promise.resolve(result).finally(() => {
          state.open = false;
        });
      });
    };
    return startTransaction.call(this, wrapped, config, outerTx);
  };
  const acquire = client.acquireConnection;
  client.acquireConnection = function () {
    if (openTransaction.getStore()?.open) return Promise.reject(new RootQueryInTransactionError());
    return acquire.call(this);
  };
  return db;
}

/** Runs work that is not part of the current transaction (it may wait for the commit): background tasks. */
export const outsideTransaction = <T>(work: () => T): T => openTransaction.exit(work);
