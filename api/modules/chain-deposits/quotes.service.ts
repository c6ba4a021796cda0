import type { AppDeps } from '../../app-deps';
import { conflict, notFound, unavailable } from '../../lib/domain-errors';
import { lockAgainstErasure } from '../identity/identity.api';
import { unitsForCents } from './amounts';
import { chainForCoin } from './chain-coins';
import { deriveAddress } from './derive-address';
import type { LiveRates } from './live-rate';
import { quotesRepo } from './quotes.repo';

/** How long a quote's rate holds: paid within it, the investor gets the quoted USD (pro rata). */
export const quoteWindowMs = 30 * 60_000;

export function createQuoteService({ db, clock, config }: AppDeps, liveRates: LiveRates) {
  return {
    async create(userId: string, amountCents: number, coin: string) {
      const info = chainForCoin(config.operator.chains, coin);
      if (!info) throw conflict(`No chain is configured for ${coin}: send a receipt instead`);
      const live = await liveRates(info.coin);
      if (!live) throw unavailable(`No live ${coin} rate right now: try again in a minute or send a receipt`);
      const units = unitsForCents(amountCents, live.rate, info.decimals);
      const { id, refreshed } = await db.transaction(async (trx) => {
        const now = clock.now();
        await lockAgainstErasure(trx, userId);
        // One investor's quotes on a chain are decided one at a time: two requests at once get one open quote.
        await quotesRepo.lockInvestorChain(trx, userId, info.chain);
        const terms = {
          amount_cents: amountCents,
          coin_units: units.toString(),
          decimals: info.decimals,
          rate: live.rate,
          rate_as_of: live.asOf,
          expires_at: new Date(now.getTime() + quoteWindowMs),
          created_at: now,
        };
        const open = await quotesRepo.openUnpaid(trx, userId, info.coin, now);
        if (open) {
          await quotesRepo.renew(trx, open, terms);
          return { id: open, refreshed: true };
        }
        // An address never paid whose quotes all expired is the investor's again; a new one only when none is.
        const address =
          (await quotesRepo.reusableAddress(trx, userId, info.chain, now)) ??
          (await quotesRepo.claimAddress(
            trx,
            userId,
            info.chain,
            (index) => deriveAddress(info.chain, info.config, index),
            now,
          ));
        const inserted = await quotesRepo.create(trx, {
          ...terms,
          user_id: userId,
          coin: info.coin,
          chain: info.chain,
          address_id: address.id,
        });
        return { id: inserted, refreshed: false };
      });
      return { found: await this.forOwner(userId, id), refreshed };
    },

    /** The investor's latest quotes with their payments, newest first, for the deposit history. */
    async recent(userId: string, limit = 50) {
      const quotes = await quotesRepo.recentOf(db, userId, limit);
      const payments =
        quotes.length === 0
          ? []
          : await quotesRepo.paymentsOf(
              db,
              quotes.map((quote) => quote.id),
            );
      return quotes.map((quote) => ({
        quote,
        payments: payments.filter((payment) => payment.quote_id === quote.id),
        info: chainForCoin(config.operator.chains, quote.coin),
      }));
    },

    /** A quote and its payments, for its owner only (anyone else is told it does not exist). */
    async forOwner(userId: string, id: string) {
      const quote = await quotesRepo.byId(db, id);
      if (!quote || quote.user_id !== userId) throw notFound('Quote not found');
      const info = chainForCoin(config.operator.chains, quote.coin);
      return { quote, payments: await quotesRepo.paymentsOf(db, id), info };
    },
  };
}
