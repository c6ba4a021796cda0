import type { AppDeps } from '../../app-deps';
import { createPayoutAddressService } from './payout-addresses.service';

/** Puts held payout-address changes in force every minute, in `npm start` and `npm run jobs` (rows locked, SKIP LOCKED). */
export function schedulePayoutAddressActivation(deps: AppDeps, intervalMs = 60_000) {
  const service = createPayoutAddressService(deps);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const activated = await service.activateAllDue();
      if (activated > 0) deps.logger.info({ activated }, 'payout-address changes in force');
    } catch (error) {
      deps.logger.error({ err: error }, 'payout-address activation failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
