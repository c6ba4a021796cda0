import type { Db } from '../../db/connect';

export const newsletterSubscribersRepo = {
  /** True when this call added the address; the unique key makes racing duplicates a no-op. */
  async subscribe(db: Db, email: string, at: Date): Promise<boolean> {
    const inserted = await db('newsletter_subscribers')
      .insert({ email: email.toLowerCase(), created_at: at })
      .onConflict('email')
      .ignore()
      .returning('id');
    return inserted.length === 1;
  },
};
