import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { hashSecret, randomToken, sixDigitCode } from '../../lib/tokens';

type Purpose = 'verify_email' | 'reset_password';

const lifetimeMs: Record<Purpose, number> = { verify_email: 15 * 60_000, reset_password: 60 * 60_000 };
export const maxCodeAttempts = 5;

/** Single-use, expiring secrets stored only as keyed hashes. Issuing one voids the earlier ones. */
export function createAuthTokenService(pepper: string, clock: Clock) {
  async function issue(db: Db, userId: string, purpose: Purpose, secret: string) {
    const now = clock.now();
    await db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: now });
    await db('auth_tokens').insert({
      user_id: userId,
      purpose,
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
