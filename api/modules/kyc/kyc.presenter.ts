import type { Context } from 'koa';
import type { AdminKycSubmission, KycImageField, KycSubmissionSummary } from '../../contracts/kyc';
import { markUploadedFile } from '../../middleware/security-headers';
import type { AdminKycRow, KycSubmissionRow } from './kyc.repo';

export const presentKycSummary = (row: KycSubmissionRow): KycSubmissionSummary => ({
  status: row.status,
  reason: row.status === 'rejected' ? row.reason : null,
  submittedAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

export const presentAdminKyc = (row: AdminKycRow): AdminKycSubmission => ({
  id: row.id,
  userId: row.user_id,
  userEmail: row.user_email,
  status: row.status,
  legalName: row.legal_name,
  dateOfBirth: row.date_of_birth,
  country: row.country,
  documentType: row.document_type,
  documentNumber: row.document_number,
  reason: row.reason,
  submittedAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
  decidedBy: row.decided_by,
  documents: row.documents,
  documentsRemovedAt: row.documents_removed_at?.toISOString() ?? null,
});

const extensionFor = (contentType: string) => ({ 'image/jpeg': 'jpg', 'image/png': 'png' })[contentType] ?? 'bin';

/**
 * An identity document to the admin, shown in the page: the receipts' sandboxed headers (no script runs, nosniff
 * keeps the stored type, never framed by another site) and never cached.
 */
export function sendKycDocument(
  ctx: Context,
  submissionId: string,
  field: KycImageField,
  file: { data: Buffer | Uint8Array; content_type: string },
) {
  markUploadedFile(ctx);
  ctx.set('Content-Disposition', `inline; filename="${field}-${submissionId}.${extensionFor(file.content_type)}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = file.content_type;
  // PGlite hands bytea back as a Uint8Array, which Koa would send as JSON: make it a Buffer.
  ctx.body = Buffer.from(file.data);
}
