import type { AppDeps } from '../../app-deps';
import {
  centsForUnits,
  depositAddressBalances,
  type AddressBalance,
  type LiveRates,
} from '../chain-deposits/chain-deposits.api';
import { liabilityRepo } from './proof-of-liabilities.repo';

export interface ReserveAddress extends AddressBalance {
  /** Dollar cents at the live rate; undefined without a balance or a live rate. */
  cents?: number;
}

/**
 * Reserves beside the liabilities: every deposit address that ever received coins, with its balance read
 * from the watcher's nodes and valued at the live rate, their total, and the ratio to the latest snapshot's total.
 * Answers are kept for the latest snapshot, at most `cacheMs` (one read at a time), so the public page cannot make the
 * nodes scan on every visit.
 */
export function createReserves(
  { db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rates: LiveRates,
  cacheMs = 60_000,
) {
  let cached: { at: number; snapshotId: unknown; answer: Promise<Awaited<ReturnType<typeof read>>> } | undefined;

  async function read(latest: Awaited<ReturnType<typeof liabilityRepo.list>>[number] | undefined) {
    const rows = await depositAddressBalances(db, config.operator.chains);
    const priced = await Promise.all(
      [...new Set(rows.map((row) => row.coin))].map(async (coin) => [coin, await rates(coin)] as const),
    );
    const rateOf = new Map(priced);
    const valued: ReserveAddress[] = rows.map((row) => {
      const rate = rateOf.get(row.coin);
      return row.units === undefined || !rate
        ? row
        : { ...row, cents: centsForUnits(row.units, rate.rate, row.decimals) };
    });
    const complete = valued.every((row) => row.cents !== undefined);
    const totalCents = valued.reduce((sum, row) => sum + (row.cents ?? 0), 0);
    return {
      configured: Object.keys(config.operator.chains).length > 0,
      addresses: valued,
      // A total that leaves out an address it could not read or price would overstate nothing but mislead: none.
      totalCents: complete ? totalCents : undefined,
      liabilitiesCents: latest?.total_cents,
      snapshotId: latest?.id,
      asOf: clock.now(),
    };
  }

  return async () => {
    const now = Date.now();
    // Kept for the snapshot it is set beside: a new snapshot reads the nodes again at once.
    const [latest] = await liabilityRepo.list(db, 1);
    const snapshotId = latest?.id;
    if (!cached || cached.snapshotId !== snapshotId || now - cached.at > cacheMs) {
      const answer = read(latest);
      cached = { at: now, snapshotId, answer };
      answer.catch(() => (cached = undefined));
    }
    return cached.answer;
  };
}
