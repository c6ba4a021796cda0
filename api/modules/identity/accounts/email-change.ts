import type { AppDeps } from '../../../app-deps';
import { badRequest, conflict } from '../../../lib/domain-errors';
import { verifyPassword } from '../../../lib/passwords';
import { recordAudit } from '../../audit/audit.api';
import { usersRepo, type UserRow } from './accounts.repo';
import { createAuthTokenService } from './auth-tokens.service';

/** Where a change came from, for the notice the old address receives. */
export interface RequestDevice {
  userAgent: string;
  ip: string;
}

/** A stolen session alone must not move the account to another address. */
export async function requireCurrentPassword(user: UserRow, currentPassword: string | undefined) {
  if (!currentPassword) {
    const message = 'Enter your current password to change your e-mail';
    throw badRequest(message, { currentPassword: message });
  }
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
}

export function emailChangeNotice(input: {
  siteName: string;
  publicUrl: string;
  previousEmail: string;
  newEmail: string;
  at: Date;
  device: RequestDevice;
  token: string;
}) {
  const device = input.device.userAgent.slice(0, 200) || 'an unknown browser';
  return {
    subject: `${input.siteName}: the e-mail address of your account was changed`,
    text: [
      `The e-mail address of your ${input.siteName} account was changed from ${input.previousEmail} to ${input.newEmail}`,
      `on ${input.at.toISOString().replace('T', ' ').slice(0, 16)} UTC, from ${device} (address ${input.device.ip}).`,
      '',
      'If this was you, nothing needs doing.',
      '',
      'If it was not you, open this link to restore this address and sign every device out (valid for 7 days, usable once):',
      `${input.publicUrl}/restore-email?token=${input.token}`,
      '',
      `Then reset your password: ${input.publicUrl}/reset-password`,
    ].join('\n'),
  };
}

export function createEmailRestoreService({ db, clock, config, sessions }: AppDeps) {
  const tokens = createAuthTokenService(config.jwtSecret, clock);
  return {
    /** Puts the old address back (it proved itself by the link) and ends every session. */
    async restore(token: string) {
      await db.transaction(async (trx) => {
        const restore = await tokens.consumeRestoreEmailToken(trx, token);
        if (!restore) throw badRequest('Invalid or expired link');
        const user = await usersRepo.byId(trx, restore.userId);
        if (!user) throw badRequest('Invalid or expired link');
        const holder = await usersRepo.byEmail(trx, restore.email);
        if (holder && holder.id !== user.id)
          throw conflict('That address now belongs to another account; please contact support');
        const now = clock.now();
        await usersRepo.update(trx, user.id, { email: restore.email, email_verified_at: now, updated_at: now });
        await sessions.revokeAllForUser(trx, user.id);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'account.email_restore',
          subjectType: 'user',
          subjectId: user.id,
          before: { email: user.email },
          after: { email: restore.email },
          at: now,
        });
      });
    },
  };
}
