import type { AppDeps } from '../../app-deps';
import { repeatEvery, stopAll } from '../../lib/repeating-job';
import { createLiveRates } from '../chain-deposits/chain-deposits.api';
import { createMarketService } from '../market/market.service';
import { createOnChainPayouts } from './on-chain-payouts.service';

/**
 * Follows the EVM payouts waiting for confirmations on every configured EVM chain, every `pollSeconds`. Safe on every
 * replica: each step re-reads its withdrawal under a row lock, and the ledger moves it under one key.
 */
export function schedulePayoutFollowers(deps: AppDeps) {
  const { clock, logger, config } = deps;
  const payouts = createOnChainPayouts(deps, createLiveRates(createMarketService(deps), clock));
  return stopAll(
    Object.entries(config.operator.chains)
      .filter(([, chainConfig]) => chainConfig.kind === 'evm')
      .map(([chain, chainConfig]) =>
        repeatEvery(`payout follower (${chain})`, chainConfig.pollSeconds * 1000, logger, async () => {
          const { paid, dropped } = await payouts.followEvmPayouts(chain);
          if (paid > 0) logger.info({ chain, paid }, 'on-chain withdrawals paid');
          if (dropped > 0) logger.warn({ chain, dropped }, 'on-chain withdrawal payments dropped by a reorg');
        }),
      ),
  );
}
