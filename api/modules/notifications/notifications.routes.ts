import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber } from '../../contracts/input-rules';
import { markReadSchema, NOTIFICATIONS_PAGE_SIZE, preferenceSchema } from '../../contracts/notifications';
import { badRequest } from '../../lib/domain-errors';
import type { ApiRouter } from '../../lib/routing';
import { requestLanguage } from '../../lib/request-language';
import { findUserById, setUserLanguage } from '../identity/identity.api';
import { parseOrThrow } from '../../lib/validate';
import { notificationsRepo } from './notifications.repo';
import { preferencesRepo } from './preferences.repo';
import { renderNotification } from './render';
import { readUnsubscribeToken } from './unsubscribe-token';

const pageQuery = z.object({ page: pageNumber });
const tokenQuery = z.object({ token: z.string().max(200) });

export function registerNotificationRoutes(api: ApiRouter, { db, clock, config }: AppDeps) {
  api.add('get', '/api/notifications', 'signed-in', async (ctx) => {
    const { page } = parseOrThrow(pageQuery, ctx.query);
    const language = requestLanguage(ctx);
    const userId = ctx.state.auth!.userId;
    // The bell asks on every page of the app: a language changed since sign-in is the one later mail is written in.
    await setUserLanguage(db, userId, language);
    const found = await notificationsRepo.page(db, userId, page, NOTIFICATIONS_PAGE_SIZE);
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
    const marked = await notificationsRepo.markRead(
      db,
      ctx.state.auth!.userId,
      'all' in body ? 'all' : body.ids,
      clock.now(),
    );
    ctx.body = { marked };
  });

  api.add('get', '/api/notification-preferences', 'signed-in', async (ctx) => {
    ctx.body = { preferences: await preferencesRepo.of(db, ctx.state.auth!.userId) };
  });

  api.add('put', '/api/notification-preferences', 'signed-in', async (ctx) => {
    const choice = parseOrThrow(preferenceSchema, ctx.request.body);
    const userId = ctx.state.auth!.userId;
    await preferencesRepo.set(db, userId, choice, clock.now());
    ctx.body = { preferences: await preferencesRepo.of(db, userId) };
  });

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the link of the mail's
  // List-Unsubscribe header; the signed token says whose e-mail of which category stops.
  api.add('post', '/api/unsubscribe', 'public', async (ctx) => {
    const { token } = parseOrThrow(tokenQuery, ctx.query);
    const named = readUnsubscribeToken(config.jwtSecret, token);
    if (!named) throw badRequest('This unsubscribe link is not valid');
    if (!(await findUserById(db, named.userId))) throw badRequest('This unsubscribe link is not valid');
    await preferencesRepo.set(db, named.userId, { category: named.category, email: false }, clock.now());
    ctx.body = { message: 'Unsubscribed' };
  });
}
