import type { Knex } from 'knex';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { repeatEvery } from '../../lib/repeating-job';
import { payMaturedInvestments } from './investments.service';

/** Runs the maturity payout every minute; safe on every replica at once. */
export function scheduleMaturityJob(db: Knex, clock: Clock, logger: Logger, intervalMs = 60_000) {
  return repeatEvery('maturity job', intervalMs, logger, async () => {
    const paid = await payMaturedInvestments(db, clock.now());
    if (paid > 0) logger.info({ paid }, 'matured investments paid');
  });
}
