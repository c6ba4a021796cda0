import type { AppDeps } from '../../app-deps';
import type { MarketCoin, MarketSource } from '../../contracts/market';
import { marketSnapshotsRepo, type SnapshotKind } from './market.repo';
import { bundledMarketSample } from './market.sample';
import { fetchBitcoinPrices, fetchTopCoins, type BitcoinPrices } from './market.upstream';

export const cacheTtlMs = 60_000;
/** After a failed refresh the fallback is kept this long, so an outage does not cost every request a timeout. */
export const retryAfterFailureMs = 15_000;

const kindLabels: Record<SnapshotKind, string> = { coins: 'coin prices', 'bitcoin-prices': 'bitcoin prices' };

export interface MarketAnswer<T> {
  payload: T;
  asOf: Date;
  live: boolean;
  source: MarketSource;
}

/**
 * The answer served until `expiresAt`: one object, so a route can tell it has prepared it already. A page that
 * carries it starts the next refresh from `refreshAt` (half-way through a live answer's life).
 */
type Held<T> = { answer: MarketAnswer<T>; expiresAt: number; refreshAt: number };

/**
 * A 60 s cache over one upstream query. Concurrent refreshes share one upstream call; on failure it
 * serves the last good copy (Postgres, so every replica has it), else the bundled sample.
 */
function createCachedQuery<T>(
  deps: AppDeps,
  kind: SnapshotKind,
  fetchLive: () => Promise<T>,
  sample: () => MarketAnswer<T>,
) {
  const { db, clock, logger } = deps;
  let held: Held<T> | undefined;
  let refreshing: Promise<MarketAnswer<T>> | undefined;

  const hold = (answer: MarketAnswer<T>, ttlMs: number): MarketAnswer<T> => {
    const expiresAt = clock.now().getTime() + ttlMs;
    held = {
      answer: { ...answer, source: answer.source === 'live' ? 'cache' : answer.source },
      expiresAt,
      // A fallback is retried no sooner than the API retries it: an outage costs no extra upstream calls.
      refreshAt: answer.live ? expiresAt - ttlMs / 2 : expiresAt,
    };
    return answer;
  };

  async function readStored() {
    try {
      return await marketSnapshotsRepo.read<T>(db, kind);
    } catch (error) {
      logger.warn({ err: error, kind }, 'market snapshot unreadable');
      return undefined;
    }
  }

  /** `sharedCopyFreshMs`: how young a copy another replica stored must be to be taken instead of asking upstream. */
  async function refresh(sharedCopyFreshMs: number): Promise<MarketAnswer<T>> {
    const stored = await readStored();
    const startedAt = clock.now();
    if (stored && startedAt.getTime() - stored.fetchedAt.getTime() < sharedCopyFreshMs) {
      // Another replica (or our previous life) refreshed it moments ago.
      const answer = { payload: stored.payload, asOf: stored.fetchedAt, live: true, source: 'cache' as const };
      hold(answer, Math.min(cacheTtlMs, stored.fetchedAt.getTime() + cacheTtlMs - startedAt.getTime()));
      return answer;
    }
    try {
      const payload = await fetchLive();
      const asOf = clock.now();
      await marketSnapshotsRepo.save(db, kind, payload, asOf).catch((error: unknown) => {
        logger.warn({ err: error, kind }, 'market snapshot not saved');
      });
      return hold({ payload, asOf, live: true, source: 'live' }, cacheTtlMs);
    } catch (error) {
      // The in-memory copy can be the newer one when saving to the database failed.
      const inMemory = held?.answer.live ? { payload: held.answer.payload, fetchedAt: held.answer.asOf } : undefined;
      const lastGood = [stored, inMemory].reduce(
        (newest, copy) => (copy && (!newest || copy.fetchedAt > newest.fetchedAt) ? copy : newest),
        undefined,
      );
      const fallback: MarketAnswer<T> = lastGood
        ? { payload: lastGood.payload, asOf: lastGood.fetchedAt, live: false, source: 'cache' }
        : sample();
      // One line per back-off, no stack: an unreachable market is a state to know of, not a fault in this code.
      const shown = lastGood ? `the copy from ${lastGood.fetchedAt.toISOString()}` : 'sample prices';
      logger.warn(
        { kind, reason: (error as Error)?.message ?? String(error) },
        `${kindLabels[kind]}: market unreachable, retrying in ${retryAfterFailureMs / 1000} s; pages show ${shown}`,
      );
      return hold(fallback, retryAfterFailureMs);
    }
  }

  function startRefresh(sharedCopyFreshMs: number): Promise<MarketAnswer<T>> {
    refreshing ??= refresh(sharedCopyFreshMs).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function get(): Promise<MarketAnswer<T>> {
    if (held && clock.now().getTime() < held.expiresAt) return held.answer;
    return startRefresh(cacheTtlMs);
  }

  /**
   * For a page that carries the answer in its HTML, so it never waits on the market's upstream: the answer held, if
   * live and current, or a fallback (labelled as such) of any age; otherwise none. From half-way through a live
   * answer's life the next refresh starts in the background, so that steady traffic always finds a current one.
   */
  function ifCurrent(): MarketAnswer<T> | undefined {
    const now = clock.now().getTime();
    if (!held || now >= held.refreshAt)
      void startRefresh(cacheTtlMs / 2).catch((error: unknown) =>
        logger.warn({ err: error, kind }, 'market refresh failed'),
      );
    if (held && (now < held.expiresAt || !held.answer.live)) return held.answer;
    return undefined;
  }

  return Object.assign(get, { ifCurrent });
}

export function createMarketService(deps: AppDeps) {
  const baseUrl = deps.config.operator.marketApiBaseUrl;
  return {
    topCoins: createCachedQuery<MarketCoin[]>(
      deps,
      'coins',
      () => fetchTopCoins(baseUrl),
      () => {
        const sample = bundledMarketSample();
        return { payload: sample.coins, asOf: sample.asOf, live: false, source: 'snapshot' };
      },
    ),
    bitcoinPrices: createCachedQuery<BitcoinPrices>(
      deps,
      'bitcoin-prices',
      () => fetchBitcoinPrices(baseUrl),
      () => {
        const sample = bundledMarketSample();
        return { payload: sample.bitcoinPrices, asOf: sample.asOf, live: false, source: 'snapshot' };
      },
    ),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
