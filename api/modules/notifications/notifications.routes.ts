import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber } from '../../contracts/input-rules';
import { markReadSchema, NOTIFICATIONS_PAGE_SIZE } from '../../contracts/notifications';
import type { ApiRouter } from '../../lib/routing';
import { requestLanguage } from '../../lib/request-language';
import { parseOrThrow } from '../../lib/validate';
import { notificationsRepo } from './notifications.repo';
import { renderNotification } from './render';

const pageQuery = z.object({ page: pageNumber });

export function registerNotificationRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  api.add('get', '/api/notifications', 'signed-in', async (ctx) => {
    const { page } = parseOrThrow(pageQuery, ctx.query);
    const language = requestLanguage(ctx);
    const found = await notificationsRepo.page(db, ctx.state.auth!.userId, page, NOTIFICATIONS_PAGE_SIZE);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      notifications: found.rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        ...renderNotification(row.kind, row.params, language),
        link: row.link,
        createdAt: new Date(row.created_at).toISOString(),
        readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
      })),
      unread: found.unread,
      total: found.total,
    };
  });

  api.add('post', '/api/notifications/read', 'signed-in', async (ctx) => {
    const body = parseOrThrow(markReadSchema, ctx.request.body);
    const marked = await notificationsRepo.markRead(
      db,
      ctx.state.auth!.userId,
      'all' in body ? 'all' : body.ids,
      clock.now(),
    );
    ctx.body = { marked };
  });
}
