import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { presentInvestorDetail } from './admin-users.presenter';
import { investorDetail } from './admin-users.repo';

/** GET /api/admin/users/:id: one investor as the admin's user page shows them. */
export function registerAdminUserRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  api.add('get', '/api/admin/users/:id', 'admin', async (ctx) => {
    const detail = await investorDetail(db, clock, uuidParam(ctx.params, 'User not found'));
    if (!detail) throw notFound('User not found');
    ctx.body = presentInvestorDetail(detail);
  });
}
