import type { Db } from '../../db/connect';
import type { TermsContext, TermsDocument } from '../../contracts/terms';

export interface TermsAcceptanceRow {
  id: string;
  user_id: string;
  version: string;
  accepted_at: Date;
  ip: string | null;
  context: TermsContext;
  plan_id: number | null;
  plan_version: number | null;
}

export const termsRepo = {
  /** Keeps a version's texts as they are at its first acceptance; later calls for the same version change nothing. */
  async keepVersionTexts(db: Db, version: string, texts: Record<string, TermsDocument>, at: Date) {
    await db('terms_versions')
      .insert({ version, texts: JSON.stringify(texts), first_accepted_at: at })
      .onConflict('version')
      .ignore();
  },

  async versionTexts(db: Db, version: string): Promise<Record<string, TermsDocument> | undefined> {
    const row = await db('terms_versions').where({ version }).first('texts');
    return row?.texts as Record<string, TermsDocument> | undefined;
  },

  async insertAcceptance(db: Db, row: Omit<TermsAcceptanceRow, 'id'>) {
    await db('terms_acceptances').insert(row);
  },

  /** The newest acceptance of this version by the user, if any. */
  async acceptanceOf(db: Db, userId: string, version: string): Promise<TermsAcceptanceRow | undefined> {
    return db('terms_acceptances')
      .where({ user_id: userId, version })
      .orderBy('accepted_at', 'desc')
      .orderBy('id', 'desc')
      .first();
  },

  async latestOf(db: Db, userId: string): Promise<TermsAcceptanceRow | undefined> {
    return db('terms_acceptances')
      .where({ user_id: userId })
      .orderBy('accepted_at', 'desc')
      .orderBy('id', 'desc')
      .first();
  },

  /** Every acceptance of the user, newest first. */
  async listOf(db: Db, userId: string): Promise<TermsAcceptanceRow[]> {
    return db('terms_acceptances').where({ user_id: userId }).orderBy('accepted_at', 'desc').orderBy('id', 'desc');
  },

  /** Erasure: the addresses the acceptances were given from are personal data; the acceptances themselves stay. */
  async forgetAddressesOf(db: Db, userId: string) {
    await db('terms_acceptances').where({ user_id: userId }).whereNotNull('ip').update({ ip: null });
  },
};
