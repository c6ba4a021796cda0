import type { AppDeps } from '../../app-deps';
import { publicOperatorConfig } from '../../config/operator';
import type { ApiRouter } from '../../lib/routing';

export function registerSiteRoutes(api: ApiRouter, { config }: AppDeps) {
  const body = publicOperatorConfig(config.operator);
  api.add('get', '/api/config', 'public', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
}
