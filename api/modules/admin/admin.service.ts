import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { referralCode } from '../../lib/tokens';
import { usersRepo } from '../accounts/accounts.repo';
import { recordAudit } from '../audit/audit.repo';
import { investorListColumns, investorsQuery, type InvestorListRow } from './admin-users.repo';

export function createAdminService({ db, clock, sessions }: AppDeps) {
  return {
    /** Returns false when the e-mail is taken. */
    async addAdmin(actorId: string | null, email: string, password: string, name?: string, trx: Db = db) {
      const passwordHash = await hashPassword(password);
      try {
        return await trx.transaction(async (inner) => {
          const admin = await usersRepo.insert(inner, {
            role: 'admin',
            email,
            password_hash: passwordHash,
            name: name ?? null,
            referral_code: referralCode(),
            email_verified_at: clock.now(),
          });
          await recordAudit(inner, {
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
    async resetPassword(actorId: string, email: string, newPassword: string) {
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (trx) => {
        const user = await usersRepo.byEmail(trx, email);
        if (!user) return false;
        await usersRepo.update(trx, user.id, { password_hash: passwordHash, updated_at: clock.now() });
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
    },

    async listInvestors(page: number, pageSize: number, search?: string) {
      const base = investorsQuery(db, search);
      const [{ total }] = (await base.clone().count<{ total: number }[]>('* as total')) as [{ total: number }];
      const rows = await base
        .clone()
        .select<InvestorListRow[]>(investorListColumns(db))
        .orderBy([
          { column: 'u.created_at', order: 'desc' },
          { column: 'u.id', order: 'desc' },
        ])
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: Number(total), rows };
    },
  };
}
