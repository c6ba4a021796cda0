import type { AppDeps } from '../../app-deps';
import type { ApiRouter } from '../../lib/routing';
import { referralLinkFor } from '../identity/identity.api';
import { presentReferrals } from './referrals.presenter';
import { referralsOf } from './referrals.service';

export function registerReferralRoutes(api: ApiRouter, { db, config }: AppDeps) {
  api.add('get', '/api/referrals', 'investor', async (ctx) => {
    const { code, referrals } = await referralsOf(db, ctx.state.auth!.userId);
    ctx.body = presentReferrals(code, referralLinkFor(config.env.PUBLIC_URL, code), referrals);
  });
}
