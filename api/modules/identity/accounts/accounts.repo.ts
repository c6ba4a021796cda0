import type { Db } from '../../../db/connect';

export interface UserRow {
  id: string;
  role: 'investor' | 'admin';
  email: string;
  password_hash: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  country: string | null;
  address: string | null;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  swift_code: string | null;
  bitcoin_address: string | null;
  ethereum_address: string | null;
  usdt_address: string | null;
  litecoin_address: string | null;
  dogecoin_address: string | null;
  referral_code: string;
  referred_by: string | null;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const usersRepo = {
  byId: (db: Db, id: string) => db<UserRow>('users').where({ id }).first(),
  byIdForUpdate: (db: Db, id: string) => db<UserRow>('users').where({ id }).forUpdate().first(),
  byEmail: (db: Db, email: string) => db<UserRow>('users').where({ email: email.toLowerCase() }).first(),
  byReferralCodeForUpdate: (db: Db, code: string) =>
    db<UserRow>('users').where({ referral_code: code.toUpperCase() }).forUpdate().first(),
  async countReferrals(db: Db, userId: string) {
    const row = await db('users').where({ referred_by: userId }).count<{ count: number }[]>('* as count').first();
    return Number(row?.count ?? 0);
  },
  /** The language their notification e-mails are written in; no write when it is already that one. */
  setLanguage: (db: Db, id: string, language: string) =>
    db('users').where({ id }).whereNot({ language }).update({ language }),
  async insert(db: Db, values: Partial<UserRow>) {
    const [row] = await db<UserRow>('users').insert(values).returning('*');
    return row!;
  },
  async update(db: Db, id: string, values: Partial<UserRow>) {
    const [row] = await db<UserRow>('users').where({ id }).update(values).returning('*');
    return row!;
  },
};
