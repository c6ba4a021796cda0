import type { AppDeps } from '../../app-deps';
import { repeatEvery, stopAll } from '../../lib/repeating-job';
import { createLiveRates } from '../chain-deposits/chain-deposits.api';
import { createMarketService } from '../market/market.service';
import { createOnChainPayouts } from './on-chain-payouts.service';
import { batchedChains, createPayoutBatches } from './payout-batches.service';

/**
 * Follows the payouts waiting for confirmations on every configured chain, every `pollSeconds`: EVM payments the
 * admins entered, and UTXO payout batches the operator signed. Safe on every replica: each step re-reads its rows
 * under row locks, and the ledger moves each withdrawal under one key.
 */
export function schedulePayoutFollowers(deps: AppDeps) {
  const { clock, logger, config } = deps;
  const payouts = createOnChainPayouts(deps, createLiveRates(createMarketService(deps), clock));
  const batches = createPayoutBatches(deps);
  const chains = Object.entries(config.operator.chains);
  return stopAll([
    ...chains
      .filter(([, chainConfig]) => chainConfig.kind === 'evm')
      .map(([chain, chainConfig]) =>
        repeatEvery(`payout follower (${chain})`, chainConfig.pollSeconds * 1000, logger, async () => {
          const { paid, dropped } = await payouts.followEvmPayouts(chain);
          if (paid > 0) logger.info({ chain, paid }, 'on-chain withdrawals paid');
          if (dropped > 0) logger.warn({ chain, dropped }, 'on-chain withdrawal payments dropped by a reorg');
        }),
      ),
    ...chains
      .filter(([chain, chainConfig]) => chainConfig.kind === 'utxo' && batchedChains.has(chain))
      .map(([chain, chainConfig]) =>
        repeatEvery(`payout batch follower (${chain})`, chainConfig.pollSeconds * 1000, logger, async () => {
          const { confirmed, resent, failed } = await batches.follow(chain);
          if (confirmed > 0) logger.info({ chain, confirmed }, 'payout batches confirmed; their withdrawals paid');
          if (resent > 0) logger.warn({ chain, resent }, 'payout batches the node lost, sent again');
          if (failed > 0) logger.error({ chain, failed }, 'payout batches whose coins another transaction spent');
        }),
      ),
  ]);
}
