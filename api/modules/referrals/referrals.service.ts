import type { Knex } from 'knex';
import { postTransfer } from '../ledger/ledger.service';
import { notify } from '../notifications/notifications.api';
import { hasOtherConfirmedDeposit } from '../deposits/deposit-tables.api';
import { referrerOf } from '../identity/user-tables.api';
import { referralsRepo } from './referrals.repo';

/** The investor's referral code and the investors they referred, each with the bonus it earned. */
export async function referralsOf(db: Knex, userId: string) {
  const [code, referrals] = await Promise.all([referralsRepo.codeOf(db, userId), referralsRepo.referredBy(db, userId)]);
  return { code, referrals };
}

/** Rate × amount in cents, half-up, with integer arithmetic. */
export const referralBonusCents = (amountCents: number, rate: number) =>
  Number((BigInt(amountCents) * BigInt(Math.round(rate * 10_000)) + 5_000n) / 10_000n);

/**
 * On a referred investor's first confirmed deposit, credits the referrer's available balance.
 * The idempotency key names the referred investor, so it can happen only once.
 */
export async function payReferralBonus(
  trx: Knex.Transaction,
  deposit: { id: string; user_id: string; amount_cents: number },
  rate: number,
  at: Date,
) {
  const referrer = await referrerOf(trx, deposit.user_id);
  if (!referrer) return;
  if (await hasOtherConfirmedDeposit(trx, deposit.user_id, deposit.id)) return;
  const bonus = referralBonusCents(deposit.amount_cents, rate);
  if (bonus <= 0) return;
  await postTransfer(trx, {
    idempotencyKey: `referral-bonus:${deposit.user_id}`,
    kind: 'referral_bonus',
    subjectUserId: referrer,
    at,
    details: { referredUserId: deposit.user_id, depositId: deposit.id },
    legs: [
      { account: { system: 'bonuses' }, amountCents: -bonus },
      { account: { owner: referrer, kind: 'available' }, amountCents: bonus },
    ],
  });
  await notify(trx, {
    userId: referrer,
    kind: 'referral.bonus',
    params: { amountCents: bonus },
    link: '/referral-page',
    eventKey: `referral-bonus:${deposit.user_id}`,
    at,
  });
}
