import type { AppDeps } from '../../../app-deps';
import {
  signupSchema,
  signupRequiredFields,
  verificationCodeLifetimeMinutes,
  type ProfileInput,
  type SignupInput,
} from '../../../contracts/accounts';
import { badRequest, isUniqueViolation, unavailable } from '../../../lib/domain-errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../../lib/passwords';
import { referralCode } from '../../../lib/tokens';
import { fieldErrors } from '../../../lib/validate';
import { createAuthTokenService } from './auth-tokens.service';
import { countryCode, normalisePhone } from './country';
import { usersRepo, type UserRow } from './accounts.repo';
import { emailChangeNotice, requireCurrentPassword, type RequestDevice } from './email-change';
import { recordAudit } from '../../audit/audit.api';
import { checkSignupAcceptance, recordTermsAcceptance } from '../../terms/terms.api';
import { createPayoutAddressService } from '../payout-addresses/payout-addresses.service';

export type { UserRow } from './accounts.repo';

export const maxReferralsPerCode = 5;

/**
 * Missing fields first (one message), then each field's format (field errors); the referral code and the e-mail are
 * checked against the database only after, so an incomplete form costs no query.
 */
export function parseSignup(body: unknown): SignupInput & { countryCode: string; phoneE164: string } {
  const input = (body ?? {}) as Record<string, unknown>;
  const missing = signupRequiredFields.some(
    (field) => typeof input[field] !== 'string' || !(input[field] as string).trim(),
  );
  if (missing) throw badRequest('All fields are required');
  const parsed = signupSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const code = countryCode(String(input.country));
  if (!code) errors.country ??= 'Choose a country from the list';
  const phone = normalisePhone(String(input.phoneNumber), code);
  if (!phone) errors.phoneNumber ??= 'Enter a valid phone number with its country code';
  if (!parsed.success || Object.keys(errors).length > 0)
    throw badRequest('Please correct the highlighted fields', errors);
  return { ...parsed.data, countryCode: code!, phoneE164: phone! };
}

// Never a user's id: verifying against it costs what a real check costs and matches nothing.
const nobody = '00000000-0000-0000-0000-000000000000';

export function createAccountService(deps: AppDeps) {
  const { db, clock, config, mailer, sessions, logger, background } = deps;
  const payoutAddresses = createPayoutAddressService(deps);
  const tokens = createAuthTokenService(config.jwtSecret, clock);
  const publicUrl = config.env.PUBLIC_URL;
  const siteName = config.operator.siteName;

  async function mailSafely(to: string, subject: string, text: string) {
    try {
      await mailer.send(db, { to, subject, text });
    } catch (error) {
      logger.error({ err: error, to, subject }, 'mail could not be sent');
    }
  }

  const verificationMail = (to: string, code: string) => ({
    to,
    subject: `${siteName}: your verification code`,
    text: `Your verification code is ${code}. It expires in ${verificationCodeLifetimeMinutes} minutes.\n\nIf you did not sign up, ignore this e-mail.`,
  });
  const sendVerificationCode = (email: string, code: string) => {
    const { to, subject, text } = verificationMail(email, code);
    return mailSafely(to, subject, text);
  };

  return {
    findById: (userId: string) => usersRepo.byId(db, userId),
    countReferrals: (userId: string) => usersRepo.countReferrals(db, userId),

    /** `ip`: where the acceptance of the terms came from, kept with it. */
    async signup(body: unknown, ip: string | null = null) {
      const input = parseSignup(body);
      checkSignupAcceptance(config, input.acceptedTermsVersion);
      const passwordHash = await hashPassword(input.password);
      const { user, code } = await db.transaction(async (trx) => {
        let referredBy: string | null = null;
        if (input.referralCode) {
          // Locking the referrer row makes racing sign-ups count referrals one at a time.
          const referrer = await usersRepo.byReferralCodeForUpdate(trx, input.referralCode);
          if (!referrer) throw badRequest('Invalid referral code');
          if ((await usersRepo.countReferrals(trx, referrer.id)) >= maxReferralsPerCode) {
            throw badRequest('Referral limit reached');
          }
          referredBy = referrer.id;
        }
        if (await usersRepo.byEmail(trx, input.email)) throw badRequest('Email is already registered');
        const created = await insertWithUniqueCode(trx, {
          role: 'investor',
          email: input.email,
          password_hash: passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          phone_number: input.phoneE164,
          country: input.countryCode,
          referred_by: referredBy,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error, 'users_email_unique')) throw badRequest('Email is already registered');
          throw error;
        });
        await recordTermsAcceptance(trx, config, { userId: created.id, context: 'sign_up', at: clock.now(), ip });
        return { user: created, code: await tokens.issueVerificationCode(trx, created.id) };
      });
      await sendVerificationCode(user.email, code);
      return user;
    },

    /** Same answer for an unknown e-mail and a wrong password; only the given role may enter. */
    async checkCredentials(email: string, password: string, role: UserRow['role']) {
      const user = await usersRepo.byEmail(db, email);
      const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
      return user && valid && user.role === role ? user : null;
    },

    /** A new e-mail needs the current password; the old address is told and can undo it. */
    async updateProfile(user: UserRow, input: ProfileInput, device: RequestDevice) {
      const errors: Record<string, string> = {};
      const changes: Partial<UserRow> = { updated_at: clock.now() };
      const assign = (column: keyof UserRow, value: string | null | undefined) => {
        if (value !== undefined) (changes as Record<string, unknown>)[column] = value === '' ? null : value;
      };
      assign('first_name', input.firstName);
      assign('last_name', input.lastName);
      assign('address', input.address);
      assign('bank_name', input.bankName);
      assign('account_name', input.accountName);
      assign('account_number', input.accountNumber);
      assign('swift_code', input.swiftCode?.toUpperCase());
      // Payout addresses are set (or held) by the payout-address service, inside the transaction below.
      let country = user.country ?? undefined;
      if (input.country) {
        country = countryCode(input.country);
        if (!country) errors.country = 'Choose a country from the list';
        else changes.country = country;
      }
      if (input.phoneNumber) {
        const phone = normalisePhone(input.phoneNumber, country);
        if (!phone) errors.phoneNumber = 'Enter a valid phone number with its country code';
        else changes.phone_number = phone;
      }
      if (Object.keys(errors).length > 0) throw badRequest('Please correct the highlighted fields', errors);
      const emailChanged = input.email !== undefined && input.email !== user.email;
      if (emailChanged) {
        await requireCurrentPassword(user, input.currentPassword);
        changes.email = input.email;
        changes.email_verified_at = null;
      }
      const { updated, code, restoreToken, confirmations } = await db.transaction(async (trx) => {
        if (emailChanged && (await usersRepo.byEmail(trx, input.email!)))
          throw badRequest('Email is already registered');
        const payout = await payoutAddresses.stageChanges(trx, user, input);
        const row = await usersRepo
          .update(trx, user.id, { ...changes, ...payout.immediate })
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw badRequest('Email is already registered');
            throw error;
          });
        const { confirmations } = payout;
        if (!emailChanged) return { updated: row, code: null, restoreToken: null, confirmations };
        await recordAudit(trx, {
          actorId: user.id,
          action: 'account.email_change',
          subjectType: 'user',
          subjectId: user.id,
          before: { email: user.email },
          after: { email: row.email },
          at: changes.updated_at!,
        });
        return {
          updated: row,
          code: await tokens.issueVerificationCode(trx, user.id),
          restoreToken: await tokens.issueRestoreEmailToken(trx, user.id, user.email),
          confirmations,
        };
      });
      await payoutAddresses.mailConfirmations(updated.email, confirmations);
      if (restoreToken) {
        const notice = emailChangeNotice({
          siteName,
          publicUrl,
          previousEmail: user.email,
          newEmail: updated.email,
          at: changes.updated_at!,
          device,
          token: restoreToken,
        });
        await mailSafely(user.email, notice.subject, notice.text);
      }
      if (code) await sendVerificationCode(updated.email, code);
      return updated;
    },

    /**
     * One's own new password, the current one checked first (then `secondFactor`, the caller's two-factor check, when
     * given); every other session ends, this one stays. Audited as the e-mail change is. `field` names the current
     * password's field in the caller's form, where its refusal is shown.
     */
    async changePassword(
      user: UserRow,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
      { field = 'oldPassword', secondFactor }: { field?: string; secondFactor?: () => Promise<void> } = {},
    ) {
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw badRequest('Current password is incorrect', { [field]: 'Current password is incorrect' });
      }
      await secondFactor?.();
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (trx) => {
        const at = clock.now();
        await usersRepo.update(trx, user.id, { password_hash: passwordHash, updated_at: at });
        await sessions.revokeAllForUser(trx, user.id, sessionId);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'account.change_password',
          subjectType: 'user',
          subjectId: user.id,
          after: { email: user.email, sessionsEnded: true },
          at,
        });
      });
    },

    /**
     * The code is checked whatever the address's state (unknown, verified or not), so a wrong
     * code gets the same 400 for every address and the answer tells nobody who is registered.
     */
    async verifyEmail(email: string, code: string) {
      const verified = await db.transaction(async (trx) => {
        const user = await usersRepo.byEmail(trx, email);
        const matched = await tokens.consumeVerificationCode(trx, user?.id ?? nobody, code);
        if (!user || !matched) return false;
        await usersRepo.update(trx, user.id, { email_verified_at: clock.now() });
        return true;
      });
      if (!verified) throw badRequest('Invalid or expired verification code');
    },

    /** Known and unknown addresses answer alike, in the same time: the work happens after the answer. */
    async resendVerification(email: string) {
      const user = await usersRepo.byEmail(db, email);
      if (!user || user.email_verified_at) return;
      background.run('verification resend', async () => {
        const code = await tokens.issueVerificationCode(db, user.id);
        await sendVerificationCode(user.email, code);
      });
    },

    /**
     * The operator's "send the verification mail again" for one investor: a new code (the one before dies), audited
     * in the same transaction, mailed once it commits. A mail that cannot go out is said, not swallowed: the operator
     * is waiting for it. 'missing' when there is no such investor, 'verified' when there is nothing to verify.
     */
    async resendVerificationFor(actorId: string, userId: string): Promise<'sent' | 'missing' | 'verified'> {
      const issued = await db.transaction(async (trx) => {
        const user = await usersRepo.byIdForUpdate(trx, userId);
        if (!user || user.role !== 'investor') return 'missing' as const;
        if (user.email_verified_at) return 'verified' as const;
        const code = await tokens.issueVerificationCode(trx, user.id);
        await recordAudit(trx, {
          actorId,
          action: 'user.resend_verification',
          subjectType: 'user',
          subjectId: user.id,
          after: { email: user.email },
          at: clock.now(),
        });
        return { email: user.email, code };
      });
      if (typeof issued === 'string') return issued;
      try {
        await mailer.send(db, verificationMail(issued.email, issued.code));
      } catch (error) {
        logger.error({ err: error, to: issued.email }, 'verification mail could not be sent');
        throw unavailable('The new code could not be mailed: check the mail settings (SMTP_URL)');
      }
      return 'sent';
    },

    async requestPasswordReset(email: string) {
      const user = await usersRepo.byEmail(db, email);
      if (!user) return;
      background.run('password reset mail', async () => {
        const token = await tokens.issueResetToken(db, user.id);
        await mailSafely(
          user.email,
          `${siteName}: reset your password`,
          `Open this link to choose a new password (valid for 1 hour, usable once):\n${publicUrl}/update-password?token=${token}\n\nIf you did not ask for this, ignore this e-mail.`,
        );
      });
    },

    async confirmPasswordReset(token: string, newPassword: string) {
      const passwordHash = await hashPassword(newPassword);
      const done = await db.transaction(async (trx) => {
        const userId = await tokens.consumeResetToken(trx, token);
        if (!userId) return false;
        await usersRepo.update(trx, userId, { password_hash: passwordHash, updated_at: clock.now() });
        await sessions.revokeAllForUser(trx, userId);
        return true;
      });
      if (!done) throw badRequest('Invalid or expired reset link');
    },
  };
}

/** Referral codes are random; on the rare collision, draw again. */
async function insertWithUniqueCode(db: Parameters<typeof usersRepo.insert>[0], values: Partial<UserRow>) {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint keeps the outer transaction usable if the insert collides.
      return await db.transaction((savepoint) =>
        usersRepo.insert(savepoint, { ...values, referral_code: referralCode() }),
      );
    } catch (error) {
      if (!isUniqueViolation(error, 'users_referral_code_unique') || attempt >= 5) throw error;
    }
  }
}

export type AccountService = ReturnType<typeof createAccountService>;
