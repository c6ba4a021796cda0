import type { Db } from '../../db/connect';
import { referralCodeOf, referredUsersQuery } from '../identity/user-tables.api';
import { creditsByIdempotencyKeyQuery } from '../ledger/ledger.api';

export interface ReferralRow {
  first_name: string;
  created_at: Date;
  bonus: number | null;
}

export const referralsRepo = {
  codeOf: (db: Db, userId: string) => referralCodeOf(db, userId),

  /** The investors `userId` referred, oldest first, each with the bonus it earned (null while unpaid). */
  referredBy: (db: Db, userId: string) =>
    // Each referral's bonus is the credit of its once-only ledger transaction, if paid yet.
    db
      .from(referredUsersQuery(db, userId).as('u'))
      .leftJoin(
        creditsByIdempotencyKeyQuery(db).as('b'),
        'b.idempotency_key',
        db.raw("'referral-bonus:' || u.id::text"),
      )
      .orderBy('u.created_at')
      .select<ReferralRow[]>('u.first_name', 'u.created_at', 'b.credit_cents as bonus'),
};
