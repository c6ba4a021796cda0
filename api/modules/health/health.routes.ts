import type { Db } from '../../db/connect';
import type { ApiRouter } from '../../lib/routing';
import { databaseAnswers } from './health.repo';

export function registerHealthRoutes(api: ApiRouter, db: Db) {
  api.add('get', '/api/health', 'public', async (ctx) => {
    if (await databaseAnswers(db)) {
      ctx.body = { status: 'ok' };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { status: 'unavailable' };
  });
}
