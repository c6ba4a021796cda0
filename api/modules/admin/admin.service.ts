import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/passwords';
import { referralCode } from '../../lib/tokens';
import { findUserByEmail, insertUser, setUserPassword } from '../identity/identity.api';
import { recordAudit } from '../audit/audit.api';
import { endOpenSessions, lockInvestor } from '../identity/user-tables.api';
import { chainPayments } from '../chain-deposits/chain-deposits.api';
import { countInvestors, investorDetail, investorsPage } from './admin-users.repo';

/** A search's total stops here: past it the admin refines the search rather than pages through. */
export const SEARCH_COUNT_CAP = 1_000;

export function createAdminService({ db, clock, sessions }: AppDeps) {
  /** A new password for the user `find` locks, every session of theirs ended, audited; false when there is none. */
  async function replacePassword(
    actorId: string,
    newPassword: string,
    find: (trx: Knex.Transaction) => Promise<{ id: string; email: string } | undefined>,
  ) {
    const passwordHash = await hashPassword(newPassword);
    return db.transaction(async (trx) => {
      const user = await find(trx);
      if (!user) return false;
      await setUserPassword(trx, user.id, passwordHash, clock.now());
      await sessions.revokeAllForUser(trx, user.id);
      await recordAudit(trx, {
        actorId,
        action: 'user.reset_password',
        subjectType: 'user',
        subjectId: user.id,
        after: { email: user.email, sessionsEnded: true },
        at: clock.now(),
      });
      return true;
    });
  }

  return {
    /** Returns false when the e-mail is taken. */
    async addAdmin(actorId: string | null, email: string, password: string, name?: string, executor: Db = db) {
      const passwordHash = await hashPassword(password);
      try {
        return await executor.transaction(async (trx) => {
          const admin = await insertUser(trx, {
            role: 'admin',
            email,
            password_hash: passwordHash,
            name: name ?? null,
            referral_code: referralCode(),
            email_verified_at: clock.now(),
          });
          await recordAudit(trx, {
            actorId,
            action: 'admin.add',
            subjectType: 'user',
            subjectId: admin.id,
            after: { email, name: name ?? null, role: 'admin' },
            at: clock.now(),
          });
          return admin;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Sets a user's password by e-mail and ends all their sessions; false when no such user. */
    resetPassword: (actorId: string, email: string, newPassword: string) =>
      replacePassword(actorId, newPassword, (trx) => findUserByEmail(trx, email)),

    /**
     * From the investor's page: a new password, and every session of theirs ended (whoever knew the old one is
     * out); audited as the reset by e-mail is. False when there is no such investor.
     */
    setInvestorPassword: (actorId: string, userId: string, newPassword: string) =>
      replacePassword(actorId, newPassword, (trx) => lockInvestor(trx, userId)),

    /** Signs the investor out everywhere; the number of sessions ended, or null when there is no such investor. */
    async endInvestorSessions(actorId: string, userId: string) {
      return db.transaction(async (trx) => {
        const user = await lockInvestor(trx, userId);
        if (!user) return null;
        const ended = await endOpenSessions(trx, user.id, clock.now());
        await recordAudit(trx, {
          actorId,
          action: 'user.end_sessions',
          subjectType: 'user',
          subjectId: user.id,
          after: { email: user.email, sessions: ended },
          at: clock.now(),
        });
        return ended;
      });
    },

    /** One page of investors, newest first, and how many match, counted up to `countCap` for a search. */
    listInvestors: (page: number, pageSize: number, search?: string, countCap = SEARCH_COUNT_CAP) =>
      investorsPage(db, page, pageSize, search, countCap),

    countInvestors: () => countInvestors(db),

    /** The admin's page of one investor, with their latest 200 on-chain payments; undefined when there is none. */
    async investorPage(userId: string) {
      const [detail, payments] = await Promise.all([investorDetail(db, clock, userId), chainPayments(db, 200, userId)]);
      return detail && { detail, payments };
    },
  };
}
