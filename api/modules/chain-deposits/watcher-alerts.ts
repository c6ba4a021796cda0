import type { AppDeps } from '../../app-deps';
import { notifyOperators } from '../notifications/notifications.api';
import { scannerRepo } from './scanner.repo';

/** A watcher without a finished scan for this many polls (and at least five minutes) has stalled. */
const stalledAfterPolls = 10;
const minimumStallMs = 5 * 60_000;

/**
 * Tells the operators when a chain's watcher fails (its last pass ended in an error) or stalls (no finished scan for
 * a while: a hung node, or no process running the watchers). One notice per episode: the event key is the time of
 * the last good scan, so every replica and every minute agree on it.
 */
export async function alertOperatorsOfWatcherTrouble({ db, clock, config }: AppDeps) {
  const statuses = await scannerRepo.statuses(db);
  const now = clock.now();
  for (const [chain, chainConfig] of Object.entries(config.operator.chains)) {
    const status = statuses.find((row) => row.chain === chain);
    if (!status) continue;
    const lastGood = status.last_scan_at ? new Date(status.last_scan_at) : null;
    const episode = lastGood?.toISOString() ?? 'never';
    const stallMs = Math.max(chainConfig.pollSeconds * 1000 * stalledAfterPolls, minimumStallMs);
    const stalled = lastGood !== null && now.getTime() - lastGood.getTime() > stallMs;
    if (!status.last_error && !stalled) continue;
    const problem = status.last_error ? 'failing' : 'stalled';
    await db.transaction((trx) =>
      notifyOperators(trx, {
        kind: 'operator.chain',
        params: {
          coin: chain,
          context: problem,
          error: status.last_error,
          minutes: Math.round(stallMs / 60_000),
        },
        link: '/admin/chains',
        eventKey: `chain-${problem}:${chain}:${episode}`,
        at: now,
      }),
    );
  }
}
