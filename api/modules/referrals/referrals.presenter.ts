import type { ReferralSummary } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import type { ReferralRow } from './referrals.repo';

/** The referral page: the investor's code and link, and everyone who signed up through it. */
export function presentReferrals(
  referralCode: string,
  referralLink: string,
  referrals: ReferralRow[],
): ReferralSummary {
  const totalBonus = referrals.reduce((sum, row) => sum + Number(row.bonus ?? 0), 0);
  return {
    referralCode,
    referralLink,
    referralsCount: referrals.length,
    referralBonus: centsToDollars(totalBonus),
    referrals: referrals.map((row) => ({
      firstName: row.first_name,
      joinedAt: new Date(row.created_at).toISOString(),
      bonus: centsToDollars(Number(row.bonus ?? 0)),
    })),
  };
}
