import type { Knex } from 'knex';

/**
 * Identity checks (issue 37): an investor's submission of who they are, reviewed by the operator's admins. The
 * document images live in Postgres like receipts, so every replica can serve them to an admin; they are deleted
 * (the submission row keeps `documents_removed_at`) when a later submission is rejected, or when the account is
 * erased (the personal fields are blanked too, `erased_at`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kyc_submissions', (table) => {
    table.uuid('id').primary();
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.text('status').notNullable().checkIn(['pending', 'approved', 'rejected']);
    // Null only once erased.
    table.text('legal_name');
    table.date('date_of_birth');
    table.text('country');
    table.text('document_type').checkIn(['passport', 'national_id', 'driving_licence']);
    table.text('document_number');
    table.text('reason');
    table.uuid('decided_by').references('users.id').onDelete('SET NULL');
    table.timestamp('decided_at', { useTz: true });
    table.timestamp('documents_removed_at', { useTz: true });
    table.timestamp('erased_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id', 'created_at']);
    table.index(['status', 'created_at']);
  });
  // One open submission per investor, and approval is final: at most one approved.
  await knex.raw(
    "create unique index kyc_submissions_one_pending on kyc_submissions (user_id) where status = 'pending'",
  );
  await knex.raw(
    "create unique index kyc_submissions_one_approved on kyc_submissions (user_id) where status = 'approved'",
  );

  await knex.schema.createTable('kyc_documents', (table) => {
    table.uuid('id').primary();
    table.uuid('submission_id').notNullable().references('kyc_submissions.id').onDelete('CASCADE');
    table.text('kind').notNullable().checkIn(['document_front', 'document_back', 'selfie']);
    table.text('sha256').notNullable();
    table.text('content_type').notNullable();
    table.integer('size_bytes').notNullable();
    table.binary('data').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['submission_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('kyc_documents');
  await knex.schema.dropTable('kyc_submissions');
}
