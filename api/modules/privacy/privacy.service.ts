import type { AppDeps } from '../../app-deps';
import type { DataExportTable, ErasureRefusal } from '../../contracts/privacy';
import { badRequest, conflict, notFound } from '../../lib/domain-errors';
import { forgetRequestsOf } from '../../lib/idempotency.repo';
import { verifyPassword } from '../../lib/passwords';
import { personalValues } from '../../lib/personal-text';
import { recordAudit, scrubAuditLog } from '../audit/audit.api';
import { eraseContactMessagesFrom, contactMessagesFrom } from '../contact/contact.api';
import { forgetReceiptFileNames } from '../deposits/deposits.api';
import { eraseIdentity, lockUserForErasure, sessionTracesOf } from '../identity/identity.api';
import { createTwoFactorService } from '../identity/two-factor/two-factor.service';
import { eraseKycData, kycExportOf } from '../kyc/kyc.api';
import { investorAccountsForUpdate, investorEntriesAfter, type LedgerEntryExport } from '../ledger/ledger.api';
import { eraseMailTo } from '../mail/mail.api';
import { eraseNewsletterSubscription, newsletterSubscriptionOf } from '../newsletter/newsletter.api';
import { scrubNotifications } from '../notifications/notifications.api';
import { erasePushSubscriptions, pushSubscriptionsOf } from '../push/push.api';
import { forgetTermsAddressesOf, termsExportOf } from '../terms/terms.api';
import * as exportRepo from './privacy.repo';

/** Ledger entries are read this many at a time: a few round trips for 10,000, memory per batch bounded. */
const ledgerBatch = 2_000;

export type DataExport = {
  exportedAt: string;
  userId: string;
  tables: Record<DataExportTable, Record<string, unknown>[]>;
};

async function ledgerEntriesOf(db: AppDeps['db'], userId: string) {
  const entries: LedgerEntryExport[] = [];
  let after: string | number = 0;
  for (;;) {
    const batch = await investorEntriesAfter(db, userId, after, ledgerBatch);
    entries.push(...batch);
    if (batch.length < ledgerBatch) return entries;
    after = batch.at(-1)!.id;
  }
}

const refusals: Record<ErasureRefusal, string> = {
  money_in_flight:
    'Your account still has money in progress (a deposit, a payment, a withdrawal or an investment). Wait until it is settled, then ask again.',
  balance_above_zero: 'Your account still holds money. Withdraw it first, then ask again.',
};

/**
 * An investor's data, exported or erased (issue 37). The export holds their own rows in every room, none of another
 * person's e-mail and no secret (password hash, two-factor secret, session ids, recovery codes, device hashes). The
 * erasure replaces their personal data in one transaction and keeps the financial records under their id.
 */
export function createPrivacyService(deps: AppDeps) {
  const { db, clock } = deps;
  const twoFactor = createTwoFactorService(deps);

  async function collect(userId: string): Promise<DataExport> {
    const profile = await exportRepo.profileOf(db, userId);
    if (!profile || profile.role !== 'investor') throw notFound('User not found');
    const email = String(profile.email);
    const addresses = (await exportRepo.payoutAddressesOf(db, userId)) ?? {};
    const pending = await exportRepo.pendingPayoutAddressesOf(db, userId);
    const referrals = await exportRepo.referralsOf(db, userId);
    const newsletter = await newsletterSubscriptionOf(db, email);
    const preferences = await exportRepo.notificationPreferencesOf(db, userId);
    // The identity check's status and fields, never its images (offered to admins alone, sandboxed).
    const kyc = await kycExportOf(db, userId);
    return {
      exportedAt: clock.now().toISOString(),
      userId,
      tables: {
        profile: [profile],
        sessions: await exportRepo.sessionsOf(db, userId),
        devices: await exportRepo.devicesOf(db, userId),
        payout_addresses: [
          ...Object.entries(addresses)
            .filter(([, address]) => address)
            .map(([column, address]) => ({ kind: column.replace(/_address$/, ''), address, state: 'active' })),
          ...pending.map((row) => ({ ...row, state: 'pending' })),
        ],
        deposits: await exportRepo.depositsOf(db, userId),
        quotes: await exportRepo.quotesOf(db, userId),
        payments: await exportRepo.paymentsOf(db, userId),
        investments: await exportRepo.investmentsOf(db, userId),
        withdrawals: await exportRepo.withdrawalsOf(db, userId),
        ledger_entries: (await ledgerEntriesOf(db, userId)) as unknown as Record<string, unknown>[],
        referrals: [
          ...(referrals.referrer ? [{ relation: 'referred_me', first_name: referrals.referrer.first_name }] : []),
          ...referrals.referred.map((row) => ({ relation: 'referred_by_me', ...row })),
        ],
        notifications: await exportRepo.notificationsOf(db, userId),
        notification_preferences: preferences,
        push_subscriptions: await pushSubscriptionsOf(db, userId),
        kyc: kyc.submissions.length
          ? kyc.submissions.map((submission) => ({ level: kyc.level, ...submission }))
          : [{ level: kyc.level }],
        terms: await termsExportOf(db, userId),
        consents: [
          { consent: 'newsletter', given: Boolean(newsletter), at: newsletter?.created_at ?? null },
          ...preferences.map((row) => ({
            consent: `notifications:${row.category}`,
            given: Boolean(row.email || row.push),
            at: row.updated_at,
          })),
        ],
        contact_messages: await contactMessagesFrom(db, email),
      },
    };
  }

  async function erase(userId: string, actorId: string) {
    return db.transaction(async (trx) => {
      const at = clock.now();
      const user = await lockUserForErasure(trx, userId);
      if (!user || user.role !== 'investor') throw notFound('User not found');
      if (user.erased_at) throw conflict('This account has already been erased', { reason: 'already_erased' });
      const accounts = await investorAccountsForUpdate(trx, userId);
      const inFlight = await exportRepo.moneyInFlightOf(trx, userId, at);
      if (Object.values(inFlight).some((count) => count > 0)) {
        throw conflict(refusals.money_in_flight, { reason: 'money_in_flight', inFlight });
      }
      const held = accounts.filter((account) => BigInt(account.balance) > 0n);
      if (held.length > 0) {
        throw conflict(refusals.balance_above_zero, {
          reason: 'balance_above_zero',
          accounts: held.map((account) => ({ kind: account.kind, cents: Number(account.balance) })),
        });
      }
      const identityChecks = (await kycExportOf(trx, userId)).submissions;
      const values = personalValues([
        user.email,
        user.name,
        user.first_name,
        user.last_name,
        [user.first_name, user.last_name].filter(Boolean).join(' '),
        user.phone_number,
        user.address,
        user.account_name,
        user.account_number,
        ...identityChecks.flatMap((check) => [check.legalName, check.documentNumber]),
        ...(await sessionTracesOf(trx, userId)),
      ]);
      const keepAddresses = await exportRepo.addressesInUseOf(trx, userId);
      await eraseIdentity(trx, userId, { at, keepAddresses });
      await eraseKycData(trx, userId, at);
      await forgetTermsAddressesOf(trx, userId);
      await forgetReceiptFileNames(trx, userId);
      await scrubNotifications(trx, userId, values);
      await erasePushSubscriptions(trx, userId);
      await eraseMailTo(trx, user.email, values);
      await eraseContactMessagesFrom(trx, user.email);
      await eraseNewsletterSubscription(trx, user.email);
      await forgetRequestsOf(trx, userId);
      await scrubAuditLog(trx, values);
      await recordAudit(trx, {
        actorId,
        action: 'user.erase',
        subjectType: 'user',
        subjectId: userId,
        after: { erasedBy: actorId === userId ? 'self' : 'admin', sessionsEnded: true },
        at,
      });
    });
  }

  return {
    /** The investor's data, the export recorded in the audit log (who asked, for whom, in which format). */
    async exportOf(actorId: string, userId: string, format: 'json' | 'zip') {
      const data = await collect(userId);
      await recordAudit(db, {
        actorId,
        action: 'user.export_data',
        subjectType: 'user',
        subjectId: userId,
        after: { format },
        at: clock.now(),
      });
      return data;
    },

    /** The investor's own erasure: their password, then their two-factor code when it is on. */
    async eraseMine(userId: string, password: string, code: string | undefined, limitAttempts: () => Promise<void>) {
      await limitAttempts();
      const hash = await exportRepo.passwordHashOf(db, userId);
      if (!hash || !(await verifyPassword(hash, password))) {
        throw badRequest('Current password is incorrect', { password: 'Current password is incorrect' });
      }
      await twoFactor.requireCodeIfEnabled(userId, code, limitAttempts);
      await erase(userId, userId);
    },

    /** An admin's erasure of an investor, from their page. */
    eraseByAdmin: (adminId: string, userId: string) => erase(userId, adminId),
  };
}
