import type { Db } from '../../db/connect';

/** The contact messages sent from an address, for the person's data export (issue 37). */
export const contactMessagesFrom = (executor: Db, email: string) =>
  executor('contact_messages')
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .orderBy('id')
    .select<{ full_name: string; email: string; budget: string; subject: string; message: string; created_at: Date }[]>(
      'full_name',
      'email',
      'budget',
      'subject',
      'message',
      'created_at',
    );

/** Deletes the contact messages sent from an address, when the person is erased (issue 37). */
export const eraseContactMessagesFrom = (executor: Db, email: string) =>
  executor('contact_messages').whereRaw('lower(email) = ?', [email.toLowerCase()]).del();
