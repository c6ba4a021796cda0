import type { Db } from '../../db/connect';

/** The address's newsletter subscription, for the person's data export (issue 37); undefined when not subscribed. */
export const newsletterSubscriptionOf = (executor: Db, email: string) =>
  executor('newsletter_subscribers')
    .where({ email: email.toLowerCase() })
    .first<{ created_at: Date } | undefined>('created_at');

/** Ends the address's newsletter subscription when the person is erased (issue 37). */
export const eraseNewsletterSubscription = (executor: Db, email: string) =>
  executor('newsletter_subscribers').where({ email: email.toLowerCase() }).del();
