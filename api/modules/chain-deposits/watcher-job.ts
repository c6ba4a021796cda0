import type { AppDeps } from '../../app-deps';
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
  const timers = Object.entries(config.operator.chains).map(([chain, chainConfig]) => {
    const watcher = createChainWatcher(db, {
      chain,
      config: chainConfig,
      clock,
      liveRates,
      referralBonusRate: config.operator.referralBonusRate,
    });
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const { credited } = await watcher.pass();
        if (credited > 0) logger.info({ chain, credited }, 'on-chain deposits credited');
      } catch (error) {
        logger.error({ err: error, chain }, 'chain watcher pass failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), chainConfig.pollSeconds * 1000);
    timer.unref();
    void tick();
    return timer;
  });
  const alerts = setInterval(
    () =>
      void alertOperatorsOfWatcherTrouble(deps).catch((error: unknown) =>
        logger.error({ err: error }, 'chain watcher alert check failed'),
      ),
    60_000,
  );
  alerts.unref();
  return () => [...timers, alerts].forEach((timer) => clearInterval(timer));
}
