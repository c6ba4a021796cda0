import { verificationCodeLifetimeMinutes } from '../../../contracts/accounts';
import type { Db } from '../../../db/connect';
import type { Clock } from '../../../lib/clock';
import { hashSecret, randomToken, sixDigitCode } from '../../../lib/tokens';
import { authTokensRepo, type AuthTokenPurpose } from './auth-tokens.repo';

const lifetimeMs: Record<AuthTokenPurpose, number> = {
  verify_email: verificationCodeLifetimeMinutes * 60_000,
  reset_password: 60 * 60_000,
  restore_email: 7 * 24 * 60 * 60_000,
};
export const maxCodeAttempts = 5;

/** Single-use, expiring secrets stored only as keyed hashes. Issuing one voids the earlier ones. */
export function createAuthTokenService(pepper: string, clock: Clock) {
  async function issue(db: Db, userId: string, purpose: AuthTokenPurpose, secret: string, payload?: object) {
    const now = clock.now();
    // Every restore link stays valid: a second change must not void the owner's first link.
    if (purpose !== 'restore_email') await authTokensRepo.voidUnused(db, userId, purpose, now);
    await authTokensRepo.insert(db, {
      user_id: userId,
      purpose,
      payload: payload ? JSON.stringify(payload) : null,
      // Codes are short, so bind them to their user before hashing.
      token_hash: hashSecret(purpose === 'verify_email' ? `${userId}:${secret}` : secret, pepper),
      created_at: now,
      expires_at: new Date(now.getTime() + lifetimeMs[purpose]),
    });
    return secret;
  }

  return {
    issueVerificationCode: (db: Db, userId: string) => issue(db, userId, 'verify_email', sixDigitCode()),
    issueResetToken: (db: Db, userId: string) => issue(db, userId, 'reset_password', randomToken()),
    issueRestoreEmailToken: (db: Db, userId: string, previousEmail: string) =>
      issue(db, userId, 'restore_email', randomToken(), { email: previousEmail }),

    /**
     * The user and address a restore link names, marking every restore link of that user used
     * (the owner's restore also kills the links a takeover sent to its own address).
     */
    async consumeRestoreEmailToken(db: Db, token: string): Promise<{ userId: string; email: string } | null> {
      const now = clock.now();
      const row = await authTokensRepo.consumeLive(db, hashSecret(token, pepper), 'restore_email', now);
      if (!row) return null;
      await authTokensRepo.voidUnused(db, row.user_id, 'restore_email', now);
      return { userId: row.user_id, email: (row.payload as { email: string }).email };
    },

    /** Checks a code for a user; every wrong try counts, and a code dies after too many. */
    async consumeVerificationCode(db: Db, userId: string, code: string): Promise<boolean> {
      const now = clock.now();
      const live = await authTokensRepo.liveVerificationCodeForUpdate(db, userId, now);
      if (!live || live.attempts >= maxCodeAttempts) return false;
      if (live.token_hash !== hashSecret(`${userId}:${code}`, pepper)) {
        await authTokensRepo.countWrongAttempt(db, live.id);
        return false;
      }
      await authTokensRepo.markUsed(db, live.id, now);
      return true;
    },

    /** The user a reset token belongs to, marking it used; null when unknown, used or expired. */
    async consumeResetToken(db: Db, token: string): Promise<string | null> {
      const row = await authTokensRepo.consumeLive(db, hashSecret(token, pepper), 'reset_password', clock.now());
      return row?.user_id ?? null;
    },
  };
}

export type AuthTokenService = ReturnType<typeof createAuthTokenService>;
