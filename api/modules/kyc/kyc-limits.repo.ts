import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

export interface LimitSettingRow {
  level: number;
  deposit_cents: number;
  withdrawal_cents: number;
  updated_by: string | null;
  updated_at: Date;
}

export const kycLimitsRepo = {
  /** The limits the operator set on the desk (no row for a level still at the configuration's defaults). */
  async settings(executor: Db) {
    const rows = await executor('kyc_limit_settings')
      .orderBy('level')
      .select<LimitSettingRow[]>('level', 'deposit_cents', 'withdrawal_cents', 'updated_by', 'updated_at');
    return rows.map((row) => ({
      ...row,
      deposit_cents: Number(row.deposit_cents),
      withdrawal_cents: Number(row.withdrawal_cents),
    }));
  },

  async upsert(trx: Knex.Transaction, rows: LimitSettingRow[]) {
    await trx('kyc_limit_settings').insert(rows).onConflict('level').merge();
  },

  /** Serialises the limit checks of one investor (a withdrawal request, a deposit credit, a release) until commit. */
  async lockInvestor(trx: Knex.Transaction, userId: string) {
    await trx.raw("select pg_advisory_xact_lock(hashtextextended('kyc-limits:' || ?, 0))", [userId]);
  },

  /** Serialises edits of the settings, so a before/after in the audit is what each edit saw. */
  async lockSettings(trx: Knex.Transaction) {
    await trx.raw("select pg_advisory_xact_lock(hashtextextended('kyc-limit-settings', 0))");
  },
};
