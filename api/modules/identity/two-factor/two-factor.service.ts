import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/connect';
import { badRequest, conflict, invalidTwoFactorCode, twoFactorRequired } from '../../../lib/domain-errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { usersRepo } from '../accounts/accounts.repo';
import { recordAudit } from '../../audit/audit.api';
import { createSecretBox, matchingStep, newRecoveryCode, newTotpSecret, normaliseRecoveryCode, totpFor } from './totp';
import { twoFactorRepo } from './two-factor.repo';

export const recoveryCodeCount = 10;

/**
 * The routes count each try against the caller's `twoFactor` rate limit before `enable`, `regenerateRecoveryCodes` and
 * `disable`; `requireCodeIfEnabled` is handed that count as `limitAttempts`, since it counts only a code it will check.
 */
export function createTwoFactorService({ db, clock, config, logger }: AppDeps) {
  const box = createSecretBox(config.jwtSecret);
  const issuer = config.operator.siteName;

  /** The stored secret, or null when it was sealed under another JWT_SECRET (or is damaged): no code can match it then. */
  function openSecret(userId: string, sealed: string): string | null {
    try {
      return box.open(sealed);
    } catch {
      logger.warn(
        { userId },
        'two-factor secret cannot be decrypted (was JWT_SECRET changed?); only recovery codes work for this account',
      );
      return null;
    }
  }

  /**
   * Checks an authenticator code (each time step accepted once) or an unused recovery code. The row
   * lock makes racing requests with the same code settle one at a time: exactly one wins.
   */
  async function consumeCode(trx: Db, userId: string, code: string, requireEnabled = true): Promise<boolean> {
    const row = await twoFactorRepo.byUserForUpdate(trx, userId);
    if (!row || (requireEnabled && !row.enabled_at)) return false;
    if (/^\d{6}$/.test(code)) {
      const secret = openSecret(userId, row.secret_encrypted);
      const step = secret === null ? null : matchingStep(secret, code, clock.now());
      if (step === null || (row.last_used_step !== null && step <= Number(row.last_used_step))) return false;
      await twoFactorRepo.markUsedStep(trx, userId, step);
      return true;
    }
    const recovery = normaliseRecoveryCode(code);
    if (!recovery || !row.enabled_at) return false;
    for (const candidate of await twoFactorRepo.unusedRecoveryCodes(trx, userId)) {
      if (await verifyPassword(candidate.code_hash, recovery)) {
        return (await twoFactorRepo.useRecoveryCode(trx, candidate.id, clock.now())) === 1;
      }
    }
    return false;
  }

  // Hashed before the transaction that stores them: argon2 is slow and the row lock should be short.
  async function newRecoveryCodes() {
    const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    const hashes: string[] = [];
    for (const recoveryCode of recoveryCodes) hashes.push(await hashPassword(recoveryCode));
    return { recoveryCodes, hashes };
  }

  const verifyCode = (userId: string, code: string) => db.transaction((trx) => consumeCode(trx, userId, code));

  return {
    isEnabled: (userId: string) => twoFactorRepo.isEnabled(db, userId),

    /** Whether two-factor is on, and how many unused recovery codes are left. */
    async status(userId: string) {
      const enabled = await twoFactorRepo.isEnabled(db, userId);
      const recoveryCodesLeft = enabled ? (await twoFactorRepo.unusedRecoveryCodes(db, userId)).length : 0;
      return { enabled, recoveryCodesLeft };
    },

    async setup(userId: string, email: string) {
      const secret = newTotpSecret();
      const saved = await twoFactorRepo.saveSetup(db, userId, box.seal(secret), clock.now());
      if (!saved) throw conflict('Two-factor authentication is already enabled');
      return { secret, otpauthUrl: totpFor(secret, issuer, email).toString() };
    },

    async enable(userId: string, code: string) {
      const { recoveryCodes, hashes } = await newRecoveryCodes();
      await db.transaction(async (trx) => {
        const row = await twoFactorRepo.byUserForUpdate(trx, userId);
        if (!row) throw badRequest('Start two-factor setup first');
        if (row.enabled_at) throw conflict('Two-factor authentication is already enabled');
        if (!(await consumeCode(trx, userId, code, false))) throw invalidTwoFactorCode('invalid');
        const now = clock.now();
        await twoFactorRepo.markEnabled(trx, userId, now);
        await twoFactorRepo.replaceRecoveryCodes(trx, userId, hashes);
        await recordAudit(trx, {
          actorId: userId,
          action: 'account.two_factor_enable',
          subjectType: 'user',
          subjectId: userId,
          at: now,
        });
      });
      return recoveryCodes;
    },

    /** A fresh set of recovery codes for an enabled account; the old ones stop working in the same transaction. */
    async regenerateRecoveryCodes(userId: string, code: string) {
      const { recoveryCodes, hashes } = await newRecoveryCodes();
      await db.transaction(async (trx) => {
        if (!(await consumeCode(trx, userId, code))) throw invalidTwoFactorCode('invalid');
        await twoFactorRepo.replaceRecoveryCodes(trx, userId, hashes);
        await recordAudit(trx, {
          actorId: userId,
          action: 'account.two_factor_recovery_codes',
          subjectType: 'user',
          subjectId: userId,
          at: clock.now(),
        });
      });
      return recoveryCodes;
    },

    async disable(userId: string, password: string, code: string) {
      const user = await usersRepo.byId(db, userId);
      const passwordRight = user ? await verifyPassword(user.password_hash, password) : false;
      await db.transaction(async (trx) => {
        const codeRight = await consumeCode(trx, userId, code);
        if (!passwordRight)
          throw badRequest('Current password is incorrect', { password: 'Current password is incorrect' });
        if (!codeRight) throw invalidTwoFactorCode('invalid');
        await twoFactorRepo.remove(trx, userId);
        await recordAudit(trx, {
          actorId: userId,
          action: 'account.two_factor_disable',
          subjectType: 'user',
          subjectId: userId,
          at: clock.now(),
        });
      });
    },

    /**
     * For sign-in, admin login, withdrawals and payout-address changes: nothing to do without
     * two-factor; with it, 401 without a code or with a wrong or already used one.
     */
    async requireCodeIfEnabled(userId: string, code: string | undefined, limitAttempts: () => Promise<void>) {
      if (!(await twoFactorRepo.isEnabled(db, userId))) return;
      if (!code) throw twoFactorRequired();
      await limitAttempts();
      if (!(await verifyCode(userId, code))) throw invalidTwoFactorCode();
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
