import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  isAdultOn,
  kycImageFields,
  kycMinimumAge,
  type KycImageField,
  type KycListQuery,
  type KycSubmissionInput,
} from '../../contracts/kyc';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/domain-errors';
import type { CheckedFile } from '../../lib/uploads';
import { recordAudit } from '../audit/audit.api';
import { findUserById } from '../identity/identity.api';
import { lockUser } from '../identity/user-tables.api';
import { notify } from '../notifications/notifications.api';
import { documentKindOf, kycRepo, type KycSubmissionRow } from './kyc.repo';
import { kycLevelOf } from './kyc-level';
import { kycLimitsOf, presentKycLimits, releaseHeldFunds, type LimitDeps } from './kyc-limits.service';

export type KycImages = Record<KycImageField, CheckedFile<string>>;

export interface KycDeps extends LimitDeps {
  db: Knex;
  clock: Clock;
}

const decidedAlready = (status: KycSubmissionRow['status']) =>
  conflict(`This submission was already ${status === 'approved' ? 'approved' : 'rejected'}`, { status });

export function createKycService(deps: KycDeps) {
  const { db, clock } = deps;

  /**
   * Locks the pending submission for a decision: 404 when there is none, 409 when another admin decided it first.
   * The investor's row is locked first, as a submission and the release of held money lock it, so the two never
   * wait on each other in opposite orders.
   */
  async function lockPending(trx: Knex.Transaction, id: string) {
    const owner = await kycRepo.ownerOf(trx, id);
    if (!owner) throw notFound('Submission not found');
    await lockUser(trx, owner);
    const submission = await kycRepo.byIdForUpdate(trx, id);
    if (!submission) throw notFound('Submission not found');
    if (submission.status !== 'pending') throw decidedAlready(submission.status);
    return submission;
  }

  return {
    /**
     * Records an investor's identity submission with its three checked images, in the request's transaction. One
     * open submission at a time (409), none after approval (409); a rejected one may be sent again.
     */
    async submit(trx: Knex.Transaction, userId: string, input: KycSubmissionInput, images: KycImages) {
      const now = clock.now();
      if (!isAdultOn(input.dateOfBirth, now))
        throw badRequest(`You must be at least ${kycMinimumAge} years old`, {
          dateOfBirth: `You must be at least ${kycMinimumAge} years old`,
        });
      // One submission at a time per investor: two sent at once queue on the user row.
      await lockUser(trx, userId);
      const user = await findUserById(trx, userId);
      if (!user?.email_verified_at)
        throw conflict('Verify your e-mail address before you submit your identity', { code: 'email_unverified' });
      const open = await kycRepo.openOrApprovedForUpdate(trx, userId);
      if (open?.status === 'approved') throw conflict('Your identity is already verified', { code: 'kyc_approved' });
      if (open) throw conflict('Your identity submission is being reviewed', { code: 'kyc_pending' });
      const id = randomUUID();
      try {
        await kycRepo.insertSubmission(
          trx,
          {
            id,
            user_id: userId,
            legal_name: input.legalName,
            date_of_birth: input.dateOfBirth,
            country: input.country,
            document_type: input.documentType,
            document_number: input.documentNumber,
            created_at: now,
          },
          kycImageFields.map((field) => ({
            kind: documentKindOf[field],
            sha256: images[field].sha256,
            content_type: images[field].contentType,
            size_bytes: images[field].bytes.length,
            data: images[field].bytes,
          })),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Your identity submission is being reviewed');
        throw error;
      }
      return (await kycRepo.latestOf(trx, userId))!;
    },

    /** The investor's level and limits in dollars (from the limits per level), and their latest submission. */
    async statusOf(executor: Db, userId: string) {
      const limits = presentKycLimits(await kycLimitsOf(executor, deps, userId));
      const latest = await kycRepo.latestOf(executor, userId);
      const user = await findUserById(executor, userId);
      return { ...limits, latest, emailVerified: Boolean(user?.email_verified_at) };
    },

    /** The investor's level and latest submission, for the admin's user page. */
    async levelOf(executor: Db, userId: string) {
      return { level: await kycLevelOf(executor, userId), latest: await kycRepo.latestOf(executor, userId) };
    },

    adminPage: (query: KycListQuery) => kycRepo.adminPage(db, query),

    async adminDetail(id: string) {
      const found = await kycRepo.adminDetail(db, id);
      if (!found) throw notFound('Submission not found');
      return found;
    },

    async document(id: string, field: KycImageField) {
      const found = await kycRepo.document(db, id, documentKindOf[field]);
      if (!found) throw notFound('Document not found');
      return found;
    },

    /**
     * Approves a pending submission: the investor reaches level 1 (final), is told so, and what the new level's
     * limits allow of their held deposits is released, all in one transaction.
     */
    async approve(adminId: string, id: string) {
      return db.transaction(async (trx) => {
        const submission = await lockPending(trx, id);
        const now = clock.now();
        await kycRepo.decide(trx, id, { status: 'approved', reason: null, decided_by: adminId, decided_at: now });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'kyc.approve',
          subjectType: 'kyc_submission',
          subjectId: id,
          before: { status: 'pending' },
          after: { status: 'approved', userId: submission.user_id },
          at: now,
        });
        await notify(trx, {
          userId: submission.user_id,
          kind: 'kyc.approved',
          params: {},
          link: '/kyc',
          eventKey: `kyc-approved:${id}`,
          at: now,
        });
        await releaseHeldFunds(trx, deps, submission.user_id);
        return { ...submission, status: 'approved' as const, decided_at: now, decided_by: adminId };
      });
    },

    /**
     * Rejects a pending submission with the reason the investor reads. Its images stay for the review of a
     * resubmission; the images of the investor's earlier rejected submissions are deleted now (audited).
     */
    async reject(adminId: string, id: string, reason: string) {
      return db.transaction(async (trx) => {
        const submission = await lockPending(trx, id);
        const now = clock.now();
        await kycRepo.decide(trx, id, { status: 'rejected', reason, decided_by: adminId, decided_at: now });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'kyc.reject',
          subjectType: 'kyc_submission',
          subjectId: id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason, userId: submission.user_id },
          at: now,
        });
        for (const earlierId of await kycRepo.rejectedWithDocuments(trx, submission.user_id, id)) {
          const removed = await kycRepo.removeDocuments(trx, [earlierId], now);
          await recordAudit(trx, {
            actorId: adminId,
            action: 'kyc.documents_remove',
            subjectType: 'kyc_submission',
            subjectId: earlierId,
            after: { documents: removed, reason: 'rejected after resubmission', userId: submission.user_id },
            at: now,
          });
        }
        await notify(trx, {
          userId: submission.user_id,
          kind: 'kyc.rejected',
          params: { reason },
          link: '/kyc',
          eventKey: `kyc-rejected:${id}`,
          at: now,
        });
        return { ...submission, status: 'rejected' as const, reason, decided_at: now, decided_by: adminId };
      });
    },
  };
}

/**
 * For the account's erasure, in its transaction: deletes every identity document of the investor and blanks the
 * personal fields of their submissions (status and times stay, as the audit does). Returns what was removed.
 */
export async function eraseKycData(trx: Knex.Transaction, userId: string, at: Date = new Date()) {
  const ids = await kycRepo.idsOf(trx, userId);
  const documents = await kycRepo.removeDocuments(trx, ids, at);
  await kycRepo.eraseFieldsOf(trx, userId, at);
  if (ids.length > 0)
    await recordAudit(trx, {
      actorId: null,
      action: 'kyc.documents_remove',
      subjectType: 'user',
      subjectId: userId,
      after: { documents, reason: 'account erased', userId },
      at,
    });
  return { submissions: ids.length, documents };
}

/** The investor's submissions for their data export: status and fields, without the images. */
export async function kycExportOf(executor: Db, userId: string) {
  const [level, submissions] = [await kycLevelOf(executor, userId), await kycRepo.allOf(executor, userId)];
  return {
    level,
    submissions: submissions.map((row) => ({
      status: row.status,
      legalName: row.legal_name,
      dateOfBirth: row.date_of_birth,
      country: row.country,
      documentType: row.document_type,
      documentNumber: row.document_number,
      reason: row.reason,
      submittedAt: row.created_at.toISOString(),
      decidedAt: row.decided_at?.toISOString() ?? null,
      documentsRemovedAt: row.documents_removed_at?.toISOString() ?? null,
      erasedAt: row.erased_at?.toISOString() ?? null,
    })),
  };
}
