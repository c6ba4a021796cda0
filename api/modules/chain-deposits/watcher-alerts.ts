import type { AppDeps } from '../../app-deps';
import { notifyOperators } from '../notifications/notifications.api';
import { scannerRepo } from './scanner.repo';

/** A watcher without a finished scan for this many polls (and at least five minutes) has stalled. */
const stalledAfterPolls = 10;
const minimumStallMs = 5 * 60_000;

/**
 * Tells the operators when a chain's watcher fails (its last pass ended in an error) or stalls (no finished scan for
 * a while: a hung node, or no process running the watchers). One notice per episode: the event key is the time of
 * the last good scan, so every replica and every minute agree on it. Also when deposits were credited unscreened
 * (their payers unknown to the node): once until the operator has closed every such incident of the chain.
 */
export async function alertOperatorsOfWatcherTrouble({ db, clock, config }: AppDeps) {
  const statuses = await scannerRepo.statuses(db);
  const unscreened = await scannerRepo.oldestOpenIncidents(db, 'sources-unscreened');
  const now = clock.now();
  for (const [chain, chainConfig] of Object.entries(config.operator.chains)) {
    const oldestUnscreened = unscreened.get(chain);
    if (oldestUnscreened)
      await db.transaction((trx) =>
        notifyOperators(trx, {
          kind: 'operator.chain',
          params: { coin: chain, context: 'unscreened' },
          link: '/admin/chains',
          eventKey: `chain-unscreened:${chain}:${oldestUnscreened}`,
          at: now,
        }),
      );
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
