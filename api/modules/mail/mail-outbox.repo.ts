import type { Db } from '../../db/connect';

/** Stores a message in mail_outbox, where development and tests read it; returns its row id. */
export async function storeInMailOutbox(
  executor: Db,
  { to, subject, text }: { to: string; subject: string; text: string },
) {
  const [row] = await executor('mail_outbox')
    .insert({ to_address: to, subject, body: text })
    .returning<{ id: number }[]>('id');
  return row?.id;
}
