import type { AppDeps } from './app-deps';
import { stopAll } from './lib/repeating-job';
import { scheduleChainWatchers } from './modules/chain-deposits/watcher-job';
import { scheduleMaturityJob } from './modules/investments/maturity-job';
import { scheduleNotificationDelivery } from './modules/notifications/delivery';
import { schedulePayoutAddressActivation } from './modules/identity/payout-addresses/activation-job';
import { scheduleLiabilitySnapshots } from './modules/proof-of-liabilities/snapshot-job';
import { schedulePayoutFollowers } from './modules/withdrawals/payout-follower-job';
import { scheduleSanctionsListReload } from './modules/sanctions/reload-job';

/**
 * Every scheduled job, run by `npm start` and by `npm run jobs` alike; running several copies is safe (rows claimed
 * with SKIP LOCKED, one ledger key per payout, one chain scanner per advisory lock, one liability snapshot per day key). Returns the function that stops them, which resolves once the runs in progress have finished.
 */
export function scheduleJobs(deps: AppDeps) {
  const stops = [
    scheduleMaturityJob(deps.db, deps.clock, deps.logger),
    scheduleChainWatchers(deps),
    scheduleNotificationDelivery(deps),
    schedulePayoutAddressActivation(deps),
    scheduleLiabilitySnapshots(deps),
    schedulePayoutFollowers(deps),
    scheduleSanctionsListReload(deps),
  ];
  return stopAll(stops);
}
