import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

export type Referral = { firstName: string; joinedAt: string; bonus: number };
export type ReferralSummary = {
  referralCode: string;
  referralLink: string;
  referralsCount: number;
  referralBonus: number;
  referrals: Referral[];
};

/** GET /api/referrals; under the investor key so a confirmed deposit's bonus shows after invalidation. */
export const referralsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'referrals'],
    queryFn: () => apiGet<ReferralSummary>('referrals'),
  });
