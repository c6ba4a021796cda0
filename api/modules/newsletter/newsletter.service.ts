import type { Db } from '../../db/connect';
import { newsletterSubscribersRepo } from './newsletter.repo';

/** Adds the address to the newsletter; true when it was not on it yet. */
export const subscribeToNewsletter = (db: Db, email: string, at: Date) =>
  newsletterSubscribersRepo.subscribe(db, email, at);
