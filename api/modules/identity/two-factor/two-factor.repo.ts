import type { Db } from '../../../db/connect';

export interface TwoFactorRow {
  user_id: string;
  secret_encrypted: string;
  created_at: Date;
  enabled_at: Date | null;
  last_used_step: number | null;
}

export const twoFactorRepo = {
  byUser: (db: Db, userId: string) =>
    db('user_two_factor').where({ user_id: userId }).first<TwoFactorRow | undefined>(),
  byUserForUpdate: (db: Db, userId: string) =>
    db('user_two_factor').where({ user_id: userId }).forUpdate().first<TwoFactorRow | undefined>(),
  async isEnabled(db: Db, userId: string) {
    const row = await db('user_two_factor').where({ user_id: userId }).whereNotNull('enabled_at').first('user_id');
    return row !== undefined;
  },
  /** A new setup replaces an unconfirmed one; an enabled one is never overwritten here. */
  async saveSetup(db: Db, userId: string, secretEncrypted: string, at: Date) {
    const rows = await db('user_two_factor')
      .insert({ user_id: userId, secret_encrypted: secretEncrypted, created_at: at })
      .onConflict('user_id')
      .merge()
      .where('user_two_factor.enabled_at', null)
      .returning('user_id');
    return rows.length > 0;
  },
  markUsedStep: (db: Db, userId: string, step: number) =>
    db('user_two_factor').where({ user_id: userId }).update({ last_used_step: step }),
  markEnabled: (db: Db, userId: string, at: Date) =>
    db('user_two_factor').where({ user_id: userId }).update({ enabled_at: at }),
  async remove(db: Db, userId: string) {
    await db('two_factor_recovery_codes').where({ user_id: userId }).delete();
    await db('user_two_factor').where({ user_id: userId }).delete();
  },
  async replaceRecoveryCodes(db: Db, userId: string, hashes: string[]) {
    await db('two_factor_recovery_codes').where({ user_id: userId }).delete();
    await db('two_factor_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
  },
  unusedRecoveryCodes: (db: Db, userId: string) =>
    db('two_factor_recovery_codes')
      .where({ user_id: userId })
      .whereNull('used_at')
      .select<{ id: number; code_hash: string }[]>('id', 'code_hash'),
  useRecoveryCode: (db: Db, id: number, at: Date) =>
    db('two_factor_recovery_codes').where({ id }).whereNull('used_at').update({ used_at: at }),
};
