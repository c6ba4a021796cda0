import type { Db } from '../../../db/connect';
import type { Clock } from '../../../lib/clock';
import { hashSecret, randomToken, sixDigitCode } from '../../../lib/tokens';

type Purpose = 'verify_email' | 'reset_password' | 'restore_email';

const lifetimeMs: Record<Purpose, number> = {
  verify_email: 15 * 60_000,
  reset_password: 60 * 60_000,
  restore_email: 7 * 24 * 60 * 60_000,
};
export const maxCodeAttempts = 5;

/** Single-use, expiring secrets stored only as keyed hashes. Issuing one voids the earlier ones. */
export function createAuthTokenService(pepper: string, clock: Clock) {
  async function issue(db: Db, userId: string, purpose: Purpose, secret: string, payload?: object) {
    const now = clock.now();
    // Every restore link stays valid: a second change must not void the owner's first link.
    if (purpose !== 'restore_email') {
      await db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: now });
    }
    await db('auth_tokens').insert({
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
      const [row] = await db('auth_tokens')
        .where({ token_hash: hashSecret(token, pepper), purpose: 'restore_email' })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now })
        .returning<{ user_id: string; payload: { email: string } }[]>(['user_id', 'payload']);
      if (!row) return null;
      await db('auth_tokens')
        .where({ user_id: row.user_id, purpose: 'restore_email' })
        .whereNull('used_at')
        .update({ used_at: now });
      return { userId: row.user_id, email: row.payload.email };
    },

    /** Checks a code for a user; every wrong try counts, and a code dies after too many. */
    async consumeVerificationCode(db: Db, userId: string, code: string): Promise<boolean> {
      const now = clock.now();
      const live = await db('auth_tokens')
        .where({ user_id: userId, purpose: 'verify_email' })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .forUpdate()
        .first<{ id: string; token_hash: string; attempts: number } | undefined>();
      if (!live || live.attempts >= maxCodeAttempts) return false;
      if (live.token_hash !== hashSecret(`${userId}:${code}`, pepper)) {
        await db('auth_tokens').where({ id: live.id }).increment('attempts', 1);
        return false;
      }
      await db('auth_tokens').where({ id: live.id }).update({ used_at: now });
      return true;
    },

    /** The user a reset token belongs to, marking it used; null when unknown, used or expired. */
    async consumeResetToken(db: Db, token: string): Promise<string | null> {
      const [row] = await db('auth_tokens')
        .where({ token_hash: hashSecret(token, pepper), purpose: 'reset_password' })
        .whereNull('used_at')
        .where('expires_at', '>', clock.now())
        .update({ used_at: clock.now() })
        .returning<{ user_id: string }[]>('user_id');
      return row?.user_id ?? null;
    },
  };
}

export type AuthTokenService = ReturnType<typeof createAuthTokenService>;
