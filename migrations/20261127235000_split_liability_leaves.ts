import type { Knex } from 'knex';

/**
 * Proof of liabilities, encoding version 2: each investor's balance is split into several leaves of random shares
 * (`api/contracts/liability-tree.ts`), so a leaf's sibling is never a neighbour's exact balance. Snapshots taken
 * before stay readable as version 1 (one leaf per investor, part 0). Adding columns fires no row trigger, so the
 * append-only tables are not touched row by row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('liability_snapshots', (table) => {
    table.smallint('encoding').notNullable().defaultTo(1);
    table.smallint('leaves_per_investor').notNullable().defaultTo(1);
  });
  await knex.raw(`alter table liability_snapshots add constraint liability_snapshots_encoding
    check ((encoding = 1 and leaves_per_investor = 1) or (encoding = 2 and leaves_per_investor >= 2))`);
  // The defaults only describe the rows already there: a new snapshot states its encoding.
  await knex.raw('alter table liability_snapshots alter column encoding drop default');
  await knex.raw('alter table liability_snapshots alter column leaves_per_investor drop default');

  await knex.schema.alterTable('liability_leaves', (table) => {
    table.smallint('part').notNullable().defaultTo(0);
  });
  await knex.raw('alter table liability_leaves alter column part drop default');
  await knex.raw('alter table liability_leaves add constraint liability_leaves_part check (part >= 0)');
  await knex.schema.alterTable('liability_leaves', (table) => {
    table.dropUnique(['snapshot_id', 'user_id']);
    table.unique(['snapshot_id', 'user_id', 'part']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('liability_leaves', (table) => {
    table.dropUnique(['snapshot_id', 'user_id', 'part']);
    table.unique(['snapshot_id', 'user_id']);
    table.dropColumn('part');
  });
  await knex.schema.alterTable('liability_snapshots', (table) => {
    table.dropChecks(['liability_snapshots_encoding']);
    table.dropColumn('encoding');
    table.dropColumn('leaves_per_investor');
  });
}
