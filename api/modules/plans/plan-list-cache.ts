import type { Db } from '../../db/connect';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json';
import { presentPlan } from './plans.presenter';
import { plansRepo } from './plans.repo';

/** How long a replica answers from memory before it reads the catalogue's revision again. */
export const revisionCheckMs = 1_000;
/** Re-read even with no revision change, for a plan changed by hand in the database. */
const reloadMs = 60_000;

interface Held {
  prepared: PreparedJson;
  revision: number;
  checkedAt: number;
  loadedAt: number;
}

/**
 * GET /api/plans prepared once per catalogue revision on every replica. A request reads the revision (one row,
 * one tiny query) only when the last check is a second old, so an edit made on any replica shows on every other
 * within about a second, while a busy replica still answers almost every request from memory. The revision is
 * read before the plans: a change committed between the two reads is seen again at the next check, never missed.
 * `monotonicNow` is real elapsed time (edits reach replicas in wall time); `clockNow` is the app's clock.
 */
export function createPlanListCache(db: Db, monotonicNow: () => number, clockNow: () => number) {
  let held: Held | undefined;
  let pending: Promise<PreparedJson> | undefined;

  async function refresh(): Promise<PreparedJson> {
    const revision = await plansRepo.revision(db);
    const now = monotonicNow();
    if (held && held.revision === revision && clockNow() < held.loadedAt + reloadMs) {
      held.checkedAt = now;
      return held.prepared;
    }
    const prepared = prepareJson({ plans: (await plansRepo.onSale(db)).map(presentPlan) });
    held = { prepared, revision, checkedAt: now, loadedAt: clockNow() };
    return prepared;
  }

  return {
    async get(): Promise<PreparedJson> {
      if (held && monotonicNow() - held.checkedAt < revisionCheckMs && clockNow() < held.loadedAt + reloadMs)
        return held.prepared;
      // Concurrent requests share one check; a failed one is not kept, so the next request tries again.
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** This replica changed the catalogue: its next request reads it again at once. */
    forget() {
      held = undefined;
    },
  };
}
