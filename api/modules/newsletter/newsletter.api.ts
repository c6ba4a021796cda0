// What other modules use of the newsletter: a person's subscription, in their data export and erasure (issue 37).
export { eraseNewsletterSubscription, newsletterSubscriptionOf } from './erasure.repo';
