import type { Knex } from 'knex';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { payMaturedInvestments } from './investments.service';

/** Runs the maturity payout every minute; safe on every replica at once. */
export function scheduleMaturityJob(db: Knex, clock: Clock, logger: Logger, intervalMs = 60_000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const paid = await payMaturedInvestments(db, clock.now());
      if (paid > 0) logger.info({ paid }, 'matured investments paid');
    } catch (error) {
      logger.error({ err: error }, 'maturity job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
