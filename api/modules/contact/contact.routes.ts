import type { AppDeps } from '../../app-deps';
import { contactFormSchema, contactMessagesQuerySchema } from '../../contracts/contact';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentContactMessage } from './contact.presenter';
import { contactMessagesPage, receiveContactMessage } from './contact.service';

export const contactThanks = 'Thank you! Your message has been received.';

export function registerContactRoutes(api: ApiRouter, { db, clock, rateLimit }: AppDeps) {
  api.add('post', '/api/submit-form', 'public', async (ctx) => {
    const input = parseOrThrow(contactFormSchema, ctx.request.body ?? {}, 'Please correct the highlighted fields');
    // Counted after validation: only messages that would be stored use up the allowance.
    await rateLimit('contact', ctx);
    await receiveContactMessage(db, input, clock.now());
    ctx.status = 201;
    ctx.body = { message: contactThanks };
  });

  api.add('get', '/api/admin/messages', 'admin', async (ctx) => {
    const { page, pageSize } = parseOrThrow(contactMessagesQuerySchema, ctx.query);
    const { total, rows } = await contactMessagesPage(db, page, pageSize);
    ctx.body = { messages: rows.map(presentContactMessage), total, page, pageSize };
  });
}
