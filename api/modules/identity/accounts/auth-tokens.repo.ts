import type { Db } from '../../../db/connect';

export type AuthTokenPurpose = 'verify_email' | 'reset_password' | 'restore_email';

export interface NewAuthToken {
  user_id: string;
  purpose: AuthTokenPurpose;
  payload: string | null;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

/** Unused = not yet used, whatever its expiry. */
const unusedTokens = (db: Db, userId: string, purpose: AuthTokenPurpose) =>
  db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at');

export const authTokensRepo = {
  /** Marks every unused token of this purpose used. */
  voidUnused: (db: Db, userId: string, purpose: AuthTokenPurpose, now: Date) =>
    unusedTokens(db, userId, purpose).update({ used_at: now }),

  insert: (db: Db, token: NewAuthToken) => db('auth_tokens').insert(token),

  /** Marks the live token with this hash used and returns whose it was; undefined when unknown, used or expired. */
  async consumeLive(db: Db, tokenHash: string, purpose: AuthTokenPurpose, now: Date) {
    const [row] = await db('auth_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning<{ user_id: string; payload: unknown }[]>(['user_id', 'payload']);
    return row;
  },

  liveVerificationCodeForUpdate: (db: Db, userId: string, now: Date) =>
    unusedTokens(db, userId, 'verify_email')
      .where('expires_at', '>', now)
      .forUpdate()
      .first<{ id: string; token_hash: string; attempts: number } | undefined>(),

  countWrongAttempt: (db: Db, id: string) => db('auth_tokens').where({ id }).increment('attempts', 1),

  markUsed: (db: Db, id: string, now: Date) => db('auth_tokens').where({ id }).update({ used_at: now }),
};
