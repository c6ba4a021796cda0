import type { AppDeps } from '../../app-deps';
import { repeatEvery, stopAll } from '../../lib/repeating-job';
import { createMarketService } from '../market/market.service';
import { createLiveRates } from './live-rate';
import { createChainWatcher } from './watcher';
import { alertOperatorsOfWatcherTrouble } from './watcher-alerts';

/**
 * Watches every configured chain every `pollSeconds`, in `npm start` and `npm run jobs` alike: any
 * number of replicas may run it, the chain's advisory lock lets one scan at a time.
 */
export function scheduleChainWatchers(deps: AppDeps) {
  const { db, clock, logger, config } = deps;
  const liveRates = createLiveRates(createMarketService(deps), clock);
  const watchers = Object.entries(config.operator.chains).map(([chain, chainConfig]) => {
    const watcher = createChainWatcher(db, {
      chain,
      config: chainConfig,
      clock,
      liveRates,
      referralBonusRate: config.operator.referralBonusRate,
      kycLimits: config.operator.kycLimits,
    });
    return repeatEvery(`chain watcher pass (${chain})`, chainConfig.pollSeconds * 1000, logger, async () => {
      const { credited } = await watcher.pass();
      if (credited > 0) logger.info({ chain, credited }, 'on-chain deposits credited');
    });
  });
  // The first check waits a minute: a watcher just started has not scanned yet.
  const alerts = repeatEvery('chain watcher alert check', 60_000, logger, () => alertOperatorsOfWatcherTrouble(deps), {
    firstRunNow: false,
  });
  return stopAll([...watchers, alerts]);
}
