import type { AppDeps } from '../../app-deps';
import type { ApiRouter } from '../../lib/routing';
import { referralLinkFor } from '../identity/identity.api';
import { presentReferrals } from './referrals.presenter';
import { referralsRepo } from './referrals.repo';

export function registerReferralRoutes(api: ApiRouter, { db, config }: AppDeps) {
  api.add('get', '/api/referrals', 'investor', async (ctx) => {
    const userId = ctx.state.auth!.userId;
    const [code, referrals] = await Promise.all([
      referralsRepo.codeOf(db, userId),
      referralsRepo.referredBy(db, userId),
    ]);
    ctx.body = presentReferrals(code, referralLinkFor(config.env.PUBLIC_URL, code), referrals);
  });
}
