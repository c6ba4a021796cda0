import type { AppDeps } from '../../app-deps';
import { newsletterSchema } from '../../contracts/newsletter';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { subscribeToNewsletter } from './newsletter.service';

export function registerNewsletterRoutes(api: ApiRouter, { db, clock, rateLimit }: AppDeps) {
  api.add('post', '/api/newsletter', 'public', async (ctx) => {
    const { email } = parseOrThrow(newsletterSchema, ctx.request.body ?? {}, 'Email address is not valid');
    await rateLimit('newsletter', ctx);
    const added = await subscribeToNewsletter(db, email, clock.now());
    // Subscribing twice is harmless and answers the same, so the form reveals nothing about who is subscribed.
    ctx.status = added ? 201 : 200;
    ctx.body = { message: 'Subscribed' };
  });
}
