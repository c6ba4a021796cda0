import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './domain-errors';
import { rateLimitStoreClient } from './rate-limit.repo';

const limits = {
  signin: { points: 10, duration: 15 * 60 },
  signup: { points: 10, duration: 60 * 60 },
  reset: { points: 5, duration: 60 * 60 },
  verify: { points: 10, duration: 15 * 60 },
  // New verification codes mailed per client and address: each voids the one before, and each is a mail.
  verificationMail: { points: 3, duration: 15 * 60 },
  adminLogin: { points: 10, duration: 15 * 60 },
  contact: { points: 5, duration: 10 * 60 },
  newsletter: { points: 5, duration: 10 * 60 },
  // Two-factor code checks per client and account, beyond sign-in's own limit: 10 guesses in 15 min
  // against a 6-digit code with 3 live steps leaves an attacker about one chance in 33,000.
  twoFactor: { points: 10, duration: 15 * 60 },
  // Deposit quotes per investor, wherever they ask from: quotes are free, and each used to take an address.
  depositQuote: { points: 10, duration: 60 },
  // Failed sign-ins and admin logins per client address, whatever the e-mail: stops one
  // address from trying a password against many accounts (spraying).
  failedLoginsPerAddress: { points: 50, duration: 15 * 60 },
} as const;

export type RateLimitName = keyof typeof limits;

/** A refusal that says what was asked too often, where the generic one would leave the person guessing. */
const refusals: Partial<Record<RateLimitName, (minutes: number) => string>> = {
  verificationMail: (minutes) =>
    `${limits.verificationMail.points} new codes were asked for in ${limits.verificationMail.duration / 60} minutes: ` +
    `try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
};

export function createRateLimits(db: Knex, enabled: boolean) {
  const limiters = Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [
      name,
      new RateLimiterPostgres({
        storeClient: rateLimitStoreClient(db),
        storeType: 'client',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        ...limit,
      }),
    ]),
  ) as Record<RateLimitName, RateLimiterPostgres>;

  const retryAfter = (res: RateLimiterRes, name?: RateLimitName) => {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return tooManyRequests(seconds, name && refusals[name]?.(Math.ceil(seconds / 60)));
  };

  /** Counts one attempt for this client (and identity, when given); 429 once over the limit. */
  async function consume(name: RateLimitName, ctx: Context, identity?: string) {
    if (!enabled) return;
    // Hashed: the address (X-Forwarded-For behind a proxy) and the e-mail are the client's to choose,
    // and `rate_limits.key` holds at most 255 characters.
    const key = createHash('sha256')
      .update(identity ? `${ctx.ip}|${identity.toLowerCase()}` : ctx.ip)
      .digest('base64url');
    try {
      await limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw retryAfter(error, name);
      throw error;
    }
  }

  const failedLogins = limiters.failedLoginsPerAddress;
  return Object.assign(consume, {
    /** Counts one attempt for a signed-in person whatever address they use; 429 once over the limit. */
    async forAccount(name: RateLimitName, userId: string) {
      if (!enabled) return;
      try {
        await limiters[name].consume(`account:${userId}`);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw retryAfter(error, name);
        throw error;
      }
    },
    /** 429 while this client address has used up its failed logins, before any password is checked. */
    async refuseSprayingAddress(ctx: Context) {
      if (!enabled) return;
      const state = await failedLogins.get(ctx.ip);
      if (state && state.consumedPoints >= limits.failedLoginsPerAddress.points) throw retryAfter(state);
    },
    /** Counts a failed login against the client address (successes cost nothing). */
    async recordFailedLogin(ctx: Context) {
      if (!enabled) return;
      await failedLogins.penalty(ctx.ip, 1);
    },
  });
}

export type ConsumeRateLimit = ReturnType<typeof createRateLimits>;
