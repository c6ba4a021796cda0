import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber } from '../../contracts/input-rules';
import { markReadSchema, NOTIFICATIONS_PAGE_SIZE, preferenceSchema } from '../../contracts/notifications';
import type { ApiRouter } from '../../lib/routing';
import { requestLanguage } from '../../lib/request-language';
import { parseOrThrow } from '../../lib/validate';
import { createNotificationService } from './notifications.service';
import { renderNotification } from './render';

const pageQuery = z.object({ page: pageNumber });
const tokenQuery = z.object({ token: z.string().max(200) });

export function registerNotificationRoutes(api: ApiRouter, deps: AppDeps) {
  const notifications = createNotificationService(deps);

  api.add('get', '/api/notifications', 'signed-in', async (ctx) => {
    const { page } = parseOrThrow(pageQuery, ctx.query);
    const language = requestLanguage(ctx);
    const found = await notifications.inboxPage(ctx.state.auth!.userId, page, NOTIFICATIONS_PAGE_SIZE, language);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      notifications: found.rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        ...renderNotification(row.kind, row.params, language),
        link: row.link,
        createdAt: new Date(row.created_at).toISOString(),
        readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
        // Only an operator's notice of work waiting is ever done: the others keep their shape.
        ...(row.done_at ? { doneAt: new Date(row.done_at).toISOString() } : {}),
      })),
      unread: found.unread,
      total: found.total,
    };
  });

  api.add('post', '/api/notifications/read', 'signed-in', async (ctx) => {
    const body = parseOrThrow(markReadSchema, ctx.request.body);
    const marked = await notifications.markRead(ctx.state.auth!.userId, 'all' in body ? 'all' : body.ids);
    ctx.body = { marked };
  });

  api.add('get', '/api/notification-preferences', 'signed-in', async (ctx) => {
    ctx.body = { preferences: await notifications.preferencesOf(ctx.state.auth!.userId) };
  });

  api.add('put', '/api/notification-preferences', 'signed-in', async (ctx) => {
    const choice = parseOrThrow(preferenceSchema, ctx.request.body);
    ctx.body = { preferences: await notifications.choosePreference(ctx.state.auth!.userId, choice) };
  });

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the link of the mail's
  // List-Unsubscribe header; the signed token says whose e-mail of which category stops.
  api.add('post', '/api/unsubscribe', 'public', async (ctx) => {
    const { token } = parseOrThrow(tokenQuery, ctx.query);
    await notifications.unsubscribe(token);
    ctx.body = { message: 'Unsubscribed' };
  });
}
