import type { ContactMessage } from '../../contracts/contact';
import type { Db } from '../../db/connect';

export interface ContactMessageRow {
  id: number;
  full_name: string;
  email: string;
  budget: string;
  subject: string;
  message: string;
  created_at: Date;
}

export const contactMessagesRepo = {
  async insert(db: Db, input: ContactMessage, at: Date) {
    const [row] = await db('contact_messages')
      .insert({
        full_name: input.fullName,
        email: input.email,
        budget: input.budget,
        subject: input.subject,
        message: input.message,
        created_at: at,
      })
      .returning<ContactMessageRow[]>('*');
    return row!;
  },

  /** Newest first; the id breaks ties between messages of the same instant. */
  async page(db: Db, page: number, pageSize: number) {
    const [{ total }] = (await db('contact_messages').count<{ total: number }[]>('* as total')) as [{ total: number }];
    const rows = await db('contact_messages')
      .select<ContactMessageRow[]>('*')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { total: Number(total), rows };
  },
};
