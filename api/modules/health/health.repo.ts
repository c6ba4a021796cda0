import type { Db } from '../../db/connect';

/** Whether the database answers a trivial statement: what a load balancer's health check needs. */
export async function databaseAnswers(db: Db) {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}
