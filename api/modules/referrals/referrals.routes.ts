import type { AppDeps } from '../../app-deps';
import { centsToDollars } from '../../contracts/money';
import type { ApiRouter } from '../../lib/routing';
import { referralLinkFor } from '../accounts/accounts.presenter';

export function registerReferralRoutes(api: ApiRouter, { db, config }: AppDeps) {
  api.add('get', '/api/referrals', 'investor', async (ctx) => {
    const userId = ctx.state.auth!.userId;
    const me = await db('users').where({ id: userId }).first<{ referral_code: string }>('referral_code');
    // Each referral's bonus is the credit of its once-only ledger transaction, if paid yet.
    const referrals = await db('users as u')
      .leftJoin('ledger_transactions as t', 't.idempotency_key', db.raw("'referral-bonus:' || u.id::text"))
      .leftJoin('ledger_entries as e', (join) => join.on('e.transaction_id', 't.id').andOn('e.amount_cents', '>', db.raw('0')))
      .where('u.referred_by', userId)
      .orderBy('u.created_at')
      .select<{ first_name: string; created_at: Date; bonus: number | null }[]>('u.first_name', 'u.created_at', 'e.amount_cents as bonus');
    const totalBonus = referrals.reduce((sum, row) => sum + Number(row.bonus ?? 0), 0);
    ctx.body = {
      referralCode: me.referral_code,
      referralLink: referralLinkFor(config.env.PUBLIC_URL, me.referral_code),
      referralsCount: referrals.length,
      referralBonus: centsToDollars(totalBonus),
      referrals: referrals.map((row) => ({
        firstName: row.first_name, joinedAt: new Date(row.created_at).toISOString(), bonus: centsToDollars(Number(row.bonus ?? 0)),
      })),
    };
  });
}
