import type { ContactMessage } from '../../contracts/contact';
import type { Db } from '../../db/connect';
import { contactMessagesRepo } from './contact.repo';

/** Keeps a message sent through the contact form, for the admin desk. */
export const receiveContactMessage = (db: Db, input: ContactMessage, at: Date) =>
  contactMessagesRepo.insert(db, input, at);

/** The admin desk's page of messages, newest first, and how many there are. */
export const contactMessagesPage = (db: Db, page: number, pageSize: number) =>
  contactMessagesRepo.page(db, page, pageSize);
