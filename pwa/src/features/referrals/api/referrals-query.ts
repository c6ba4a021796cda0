import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';
import type { Referral, ReferralSummary } from '../../../../../api/contracts/answers';

export type { Referral, ReferralSummary };

/** GET /api/referrals; under the investor key so a confirmed deposit's bonus shows after invalidation. */
export const referralsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'referrals'],
    queryFn: () => apiGet<ReferralSummary>('referrals'),
  });
