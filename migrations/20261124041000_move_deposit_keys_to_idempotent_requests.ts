import type { Knex } from 'knex';

/**
 * Receipt uploads now go through `idempotentRoute` like profile edits, so deposits no longer keep their own
 * Idempotency-Key and request fingerprint. A receipt still in a phone's outbox when this runs keeps its
 * answer: each keyed deposit's first answer (201, the deposit as it was created) is copied into
 * `idempotent_requests` with its fingerprint, which the route computes from the same parts. Deposits keyed
 * before fingerprints existed (null) have none to copy and are left out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into idempotent_requests (user_id, scope, key, request_fingerprint, state, response_status, response_body, created_at)
    select d.user_id, 'upload-receipt', d.idempotency_key, d.request_fingerprint, 'done', 201,
      jsonb_build_object('message', 'Receipt uploaded successfully', 'deposit', jsonb_build_object(
        'id', d.id, 'amount', d.amount_cents / 100.0, 'coin', d.coin, 'planName', p.name, 'status', 'pending',
        'rejectReason', null, 'createdAt', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      d.created_at
    from deposits d left join plans p on p.id = d.plan_id
    where d.idempotency_key is not null and d.request_fingerprint is not null
    on conflict (user_id, scope, key) do nothing`);
  await knex.schema.alterTable('deposits', (table) => {
    table.dropUnique(['user_id', 'idempotency_key']);
    table.dropColumn('idempotency_key');
    table.dropColumn('request_fingerprint');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deposits', (table) => {
    table.text('idempotency_key');
    table.text('request_fingerprint');
    table.unique(['user_id', 'idempotency_key']);
  });
}
