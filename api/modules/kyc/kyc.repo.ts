import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { KycDocumentType, KycImageField, KycListQuery, KycSubmissionStatus } from '../../contracts/kyc';
import type { Db } from '../../db/connect';
import { userContactsQuery } from '../identity/user-tables.api';

export interface KycSubmissionRow {
  id: string;
  user_id: string;
  status: KycSubmissionStatus;
  legal_name: string | null;
  date_of_birth: string | null;
  country: string | null;
  document_type: KycDocumentType | null;
  document_number: string | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  documents_removed_at: Date | null;
  erased_at: Date | null;
  created_at: Date;
}

export type KycDocumentKind = 'document_front' | 'document_back' | 'selfie';

export const documentKindOf: Record<KycImageField, KycDocumentKind> = {
  documentFront: 'document_front',
  documentBack: 'document_back',
  selfie: 'selfie',
};
const imageFieldOf = Object.fromEntries(Object.entries(documentKindOf).map(([field, kind]) => [kind, field])) as Record<
  KycDocumentKind,
  KycImageField
>;

export interface NewKycDocument {
  kind: KycDocumentKind;
  sha256: string;
  content_type: string;
  size_bytes: number;
  data: Buffer;
}

export type AdminKycRow = KycSubmissionRow & { user_email: string | null; documents: KycImageField[] };

// date_of_birth as the text the investor typed, not a Date shifted by the server's time zone.
const submissionColumns = [
  's.id',
  's.user_id',
  's.status',
  's.legal_name',
  's.document_type',
  's.country',
  's.document_number',
  's.reason',
  's.decided_by',
  's.decided_at',
  's.documents_removed_at',
  's.erased_at',
  's.created_at',
];
const withDateOfBirth = (executor: Db) => executor.raw("to_char(s.date_of_birth, 'YYYY-MM-DD') as date_of_birth");

const storedDocuments = (executor: Db) =>
  executor.raw(
    "coalesce((select array_agg(d.kind order by d.kind) from kyc_documents d where d.submission_id = s.id), '{}') as documents",
  );

const asAdminRow = (row: KycSubmissionRow & { user_email: string | null; documents: KycDocumentKind[] }) => ({
  ...row,
  documents: row.documents.map((kind) => imageFieldOf[kind]),
});

export const kycRepo = {
  async insertSubmission(
    trx: Knex.Transaction,
    submission: Omit<
      KycSubmissionRow,
      'reason' | 'decided_by' | 'decided_at' | 'documents_removed_at' | 'erased_at' | 'status'
    >,
    documents: NewKycDocument[],
  ) {
    await trx('kyc_submissions').insert({ ...submission, status: 'pending' });
    await trx('kyc_documents').insert(
      documents.map((document) => ({
        ...document,
        id: randomUUID(),
        submission_id: submission.id,
        created_at: submission.created_at,
      })),
    );
  },

  latestOf(executor: Db, userId: string) {
    return executor('kyc_submissions as s')
      .where('s.user_id', userId)
      .orderBy([
        { column: 's.created_at', order: 'desc' },
        { column: 's.id', order: 'desc' },
      ])
      .first<KycSubmissionRow | undefined>(...submissionColumns, withDateOfBirth(executor));
  },

  /** Every submission of the investor, oldest first. */
  allOf(executor: Db, userId: string) {
    return executor('kyc_submissions as s')
      .where('s.user_id', userId)
      .orderBy([
        { column: 's.created_at', order: 'asc' },
        { column: 's.id', order: 'asc' },
      ])
      .select<KycSubmissionRow[]>(...submissionColumns, withDateOfBirth(executor));
  },

  /** The investor's open or approved submission, if any (either stops a new one). */
  openOrApprovedForUpdate(trx: Knex.Transaction, userId: string) {
    return trx('kyc_submissions as s')
      .where('s.user_id', userId)
      .whereIn('s.status', ['pending', 'approved'])
      .forUpdate()
      .first<{ id: string; status: KycSubmissionStatus } | undefined>('s.id', 's.status');
  },

  /** Whose submission it is (no lock), to lock the investor before the submission. */
  async ownerOf(trx: Knex.Transaction, id: string) {
    const row = await trx('kyc_submissions').where({ id }).first<{ user_id: string } | undefined>('user_id');
    return row?.user_id;
  },

  /** The submission, locked: two admins deciding it at once queue here, and the second sees the first's decision. */
  byIdForUpdate(trx: Knex.Transaction, id: string) {
    return trx('kyc_submissions as s')
      .where('s.id', id)
      .forUpdate()
      .first<KycSubmissionRow | undefined>(...submissionColumns, withDateOfBirth(trx));
  },

  decide(
    trx: Knex.Transaction,
    id: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null; decided_by: string; decided_at: Date },
  ) {
    return trx('kyc_submissions').where({ id, status: 'pending' }).update(decision);
  },

  /** The investor's earlier rejected submissions whose images are still stored. */
  async rejectedWithDocuments(trx: Knex.Transaction, userId: string, exceptId: string) {
    return trx('kyc_submissions as s')
      .where({ 's.user_id': userId, 's.status': 'rejected' })
      .whereNot('s.id', exceptId)
      .whereExists(trx('kyc_documents as d').whereRaw('d.submission_id = s.id').select(trx.raw('1')))
      .pluck('s.id') as Promise<string[]>;
  },

  /** Deletes the images of the submissions and notes when; returns how many images were deleted. */
  async removeDocuments(trx: Knex.Transaction, submissionIds: string[], at: Date) {
    if (submissionIds.length === 0) return 0;
    const removed = await trx('kyc_documents').whereIn('submission_id', submissionIds).delete();
    await trx('kyc_submissions').whereIn('id', submissionIds).update({ documents_removed_at: at });
    return removed;
  },

  /** Blanks the personal fields of every submission of the investor (the status and times stay). */
  eraseFieldsOf(trx: Knex.Transaction, userId: string, at: Date) {
    return trx('kyc_submissions').where({ user_id: userId }).update({
      legal_name: null,
      date_of_birth: null,
      country: null,
      document_type: null,
      document_number: null,
      reason: null,
      erased_at: at,
    });
  },

  idsOf(trx: Knex.Transaction, userId: string) {
    return trx('kyc_submissions').where({ user_id: userId }).pluck('id') as Promise<string[]>;
  },

  async adminPage(executor: Db, query: KycListQuery) {
    const filtered = executor('kyc_submissions as s').modify((builder) => {
      if (query.status) builder.where('s.status', query.status);
    });
    const [{ total }] = (await filtered.clone().count<{ total: number }[]>('* as total')) as [{ total: number }];
    const rows = await filtered
      .clone()
      .leftJoin(userContactsQuery(executor).as('u'), 'u.id', 's.user_id')
      .select(...submissionColumns, withDateOfBirth(executor), 'u.email as user_email', storedDocuments(executor))
      .orderBy([
        // The queue is worked oldest first; decided ones read newest first.
        { column: 's.created_at', order: query.status === 'pending' ? 'asc' : 'desc' },
        { column: 's.id', order: 'asc' },
      ])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { total: Number(total), rows: rows.map(asAdminRow) as AdminKycRow[] };
  },

  async adminDetail(executor: Db, id: string) {
    const row = await executor('kyc_submissions as s')
      .leftJoin(userContactsQuery(executor).as('u'), 'u.id', 's.user_id')
      .where('s.id', id)
      .first(...submissionColumns, withDateOfBirth(executor), 'u.email as user_email', storedDocuments(executor));
    return row ? (asAdminRow(row) as AdminKycRow) : undefined;
  },

  document(executor: Db, submissionId: string, kind: KycDocumentKind) {
    return executor('kyc_documents')
      .where({ submission_id: submissionId, kind })
      .first<{ data: Buffer; content_type: string } | undefined>('data', 'content_type');
  },
};
