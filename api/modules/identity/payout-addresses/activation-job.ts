import type { AppDeps } from '../../../app-deps';
import { repeatEvery } from '../../../lib/repeating-job';
import { createPayoutAddressService } from './payout-addresses.service';

/** Puts held payout-address changes in force every minute, in `npm start` and `npm run jobs` (rows locked, SKIP LOCKED). */
export function schedulePayoutAddressActivation(deps: AppDeps, intervalMs = 60_000) {
  const service = createPayoutAddressService(deps);
  return repeatEvery('payout-address activation', intervalMs, deps.logger, async () => {
    const activated = await service.activateAllDue();
    if (activated > 0) deps.logger.info({ activated }, 'payout-address changes in force');
  });
}
