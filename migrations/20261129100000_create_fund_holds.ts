import type { Knex } from 'knex';

/**
 * Held money (issue 37). A deposit that may not be used yet is credited to the investor's `held` ledger account
 * instead of `available`; `fund_holds` says why (`kyc_limit`: above the identity level's 30-day deposit limit;
 * `sanctions`: from a listed source) and when it was released to `available` (one ledger transfer per hold, under
 * `hold-release:<id>`). `deposit_key` is the deposit's ledger idempotency key (`deposit:<id>` for a receipt,
 * `deposit:<chain>:<tx>:<output>` on chain), so a deposit is held at most once.
 *
 * `kyc_limit_settings` holds the operator's limits per level once edited on the admin desk; until then the
 * configuration's defaults apply.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fund_holds', (table) => {
    table.uuid('id').primary();
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.text('deposit_key').notNullable().unique();
    table.text('reason').notNullable().checkIn(['kyc_limit', 'sanctions']);
    table.bigInteger('amount_cents').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('released_at', { useTz: true });
    // Null for a release by the level rising; the admin's id for one by hand.
    table.uuid('released_by').references('users.id').onDelete('SET NULL');
    table.index(['user_id', 'created_at']);
  });
  await knex.raw('alter table fund_holds add constraint fund_holds_amount_positive check (amount_cents > 0)');
  await knex.schema.createTable('kyc_limit_settings', (table) => {
    table.smallint('level').primary();
    table.bigInteger('deposit_cents').notNullable();
    table.bigInteger('withdrawal_cents').notNullable();
    table.uuid('updated_by').references('users.id').onDelete('SET NULL');
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw(
    'alter table kyc_limit_settings add constraint kyc_limit_settings_valid check (level in (0, 1) and deposit_cents > 0 and withdrawal_cents > 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('kyc_limit_settings');
  await knex.schema.dropTable('fund_holds');
}
