import type { Knex } from 'knex';
import type { ApiRouter } from '../../lib/routing';

export function registerHealthRoutes(api: ApiRouter, db: Knex) {
  api.add('get', '/api/health', 'public', async (ctx) => {
    try {
      await db.raw('select 1');
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { status: 'unavailable' };
    }
  });
}
