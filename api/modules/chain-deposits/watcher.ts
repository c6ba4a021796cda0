import type { Knex } from 'knex';
import type { ChainConfig, UtxoCoin } from '../../config/chains';
import type { Clock } from '../../lib/clock';
import { decimalsOf } from './chain-coins';
import type { ChainSource } from './chain-source';
import { creditConfirmed } from './credit';
import { createEvmSource } from './evm-source';
import type { LiveRates } from './live-rate';
import { scanPass } from './scan-pass';
import type { KycLimitsConfig } from '../../contracts/kyc-limits';
import { scannerRepo } from './scanner.repo';
import { withScannerLock } from './scanner-lock.repo';
import { createUtxoSource } from './utxo-source';

export interface ChainWatcherOptions {
  chain: string;
  config: ChainConfig;
  clock: Clock;
  liveRates: LiveRates;
  referralBonusRate: number;
  /** See CreditOptions. */
  kycLimits: KycLimitsConfig;
  source?: ChainSource;
  keepBlocks?: number;
  batchSize?: number;
  /** Test seam, see CreditOptions. */
  afterPost?: () => Promise<void>;
}

export const sourceFor = (chain: string, config: ChainConfig): ChainSource =>
  config.kind === 'evm' ? createEvmSource(chain, config) : createUtxoSource(chain, config);

/** One chain's watcher: each `pass()` scans to the node's tip and credits what is confirmed, under the chain's lock. */
export function createChainWatcher(db: Knex, options: ChainWatcherOptions) {
  const { chain, config, clock } = options;
  const source = options.source ?? sourceFor(chain, config);
  const keepBlocks = options.keepBlocks ?? Math.max(128, config.confirmations * 4);
  return {
    /** Resolves with `ran: false` when another watcher holds the chain; errors are recorded for the admin and rethrown. */
    async pass() {
      let credited = 0;
      try {
        const ran = await withScannerLock(db, chain, async () => {
          const { tip, scanned, dropped } = await scanPass(db, {
            chain,
            source,
            clock,
            liveRates: options.liveRates,
            decimalsOf: decimalsOf(chain, config),
            startHeight: config.startHeight,
            keepBlocks,
            batchSize: options.batchSize ?? 100,
            confirmations: config.confirmations,
            // EVM payers are screened as Ethereum addresses (with the USDT list); a UTXO chain is named by its coin,
            // as its list is.
            sourceList: config.kind === 'evm' ? 'ethereum' : (chain as UtxoCoin),
          });
          if (dropped.length > 0) await scannerRepo.recordDroppedCredits(db, chain, dropped, clock.now());
          credited = await creditConfirmed(db, scanned, { ...options, chain, config });
          await scannerRepo.recordScan(db, chain, { tip_height: tip, last_scan_at: clock.now(), last_error: null });
        });
        return { ran, credited };
      } catch (error) {
        await scannerRepo
          .recordScan(db, chain, { last_error: (error as Error).message.slice(0, 500) })
          .catch(() => undefined);
        throw error;
      }
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
