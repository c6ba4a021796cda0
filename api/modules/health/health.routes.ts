import type { Db } from '../../db/connect';
import type { ApiRouter } from '../../lib/routing';
import { apiHealth } from './health.service';

export function registerHealthRoutes(api: ApiRouter, db: Db) {
  api.add('get', '/api/health', 'public', async (ctx) => {
    if ((await apiHealth(db)) === 'ok') {
      ctx.body = { status: 'ok' };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { status: 'unavailable' };
  });
}
