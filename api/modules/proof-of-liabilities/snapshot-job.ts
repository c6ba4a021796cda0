import type { AppDeps } from '../../app-deps';
import { isUniqueViolation } from '../../lib/domain-errors';
import { repeatEvery } from '../../lib/repeating-job';
import { liabilityRepo } from './proof-of-liabilities.repo';
import { takeSnapshot } from './proof-of-liabilities.service';

/**
 * Takes the day's snapshot (UTC) once the day has none; checked every 10 minutes. Safe on every replica: the day's
 * key is unique, so of two replicas taking it at once one commits and the other's whole snapshot rolls back.
 */
export function scheduleLiabilitySnapshots(
  { db, clock, logger }: Pick<AppDeps, 'db' | 'clock' | 'logger'>,
  intervalMs = 600_000,
) {
  return repeatEvery('liability snapshot', intervalMs, logger, async () => {
    const dailyKey = clock.now().toISOString().slice(0, 10);
    if (await liabilityRepo.hasDaily(db, dailyKey)) return;
    try {
      const snapshot = await takeSnapshot({ db, clock }, { dailyKey });
      logger.info({ snapshotId: snapshot.id, investors: snapshot.investors }, 'liability snapshot taken');
    } catch (error) {
      // Another replica took the day's snapshot first.
      if (!isUniqueViolation(error)) throw error;
    }
  });
}
