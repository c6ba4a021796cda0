import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import { unauthorized } from '../../lib/domain-errors';
import { userForShareAgainstErasure } from './erasure.repo';
import { usersRepo, type UserRow } from './accounts/accounts.repo';
import { twoFactorRepo } from './two-factor/two-factor.repo';

// What other modules use of identity besides its services: the users table is identity's, read and written here.
export { referralLinkFor } from './accounts/accounts.presenter';
export { createSignInService } from './sessions/sign-in.service';

export const findUserById = (executor: Db, id: string) => usersRepo.byId(executor, id);
export const findUserByEmail = (executor: Db, email: string) => usersRepo.byEmail(executor, email);

/** Inserts a user as given (referral code included) and returns the row. */
export const insertUser = (executor: Db, values: Partial<UserRow>) => usersRepo.insert(executor, values);

export const setUserPassword = (executor: Db, userId: string, passwordHash: string, at: Date) =>
  usersRepo.update(executor, userId, { password_hash: passwordHash, updated_at: at });

/** The language the user's notification e-mails are written in; no write when it is already that one. */
export const setUserLanguage = (executor: Db, userId: string, language: string) =>
  usersRepo.setLanguage(executor, userId, language);

export const isTwoFactorEnabled = (executor: Db, userId: string) => twoFactorRepo.isEnabled(executor, userId);

// An investor's data export and erasure (issue 37).
export { eraseIdentity, lockUserForErasure, sessionTracesOf, type ErasableUser } from './erasure.repo';

/**
 * Call first in the transaction of a write that puts the investor's money in flight: it conflicts with their erasure's
 * lock, so either the write commits first and the erasure refuses (money in flight), or the erasure commits first and
 * the write is refused here (401, its session having ended with the erasure).
 */
export async function lockAgainstErasure(trx: Knex.Transaction, userId: string) {
  const erasedAt = await userForShareAgainstErasure(trx, userId);
  if (erasedAt !== null) throw unauthorized('This account has been erased');
}
