import type { Knex } from 'knex';

/** Names one idempotent request: a key is unique per user and route scope. */
export interface IdempotentRequestKey {
  user_id: string;
  scope: string;
  key: string;
}

export interface StoredRequest {
  request_fingerprint: string;
  state: 'pending' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

/** Claims the key for a first attempt, as pending; false when a row for it exists (the primary key settles races). */
export async function claimRequestKey(
  db: Knex | Knex.Transaction,
  where: IdempotentRequestKey,
  fingerprint: string,
  at: Date,
) {
  const inserted = await db('idempotent_requests')
    .insert({ ...where, request_fingerprint: fingerprint, state: 'pending', created_at: at })
    .onConflict(['user_id', 'scope', 'key'])
    .ignore()
    .returning('key');
  return inserted.length > 0;
}

export const findStoredRequest = (db: Knex | Knex.Transaction, where: IdempotentRequestKey) =>
  db<StoredRequest>('idempotent_requests').where(where).first();

/** Takes over a pending attempt still stamped `claimedAt`; false when another replay took it first. */
export async function takeOverPendingRequest(
  db: Knex | Knex.Transaction,
  where: IdempotentRequestKey,
  claimedAt: Date,
  at: Date,
) {
  const takenOver = await db('idempotent_requests')
    .where({ ...where, state: 'pending', created_at: claimedAt })
    .update({ created_at: at });
  return takenOver > 0;
}

export async function storeAnswer(
  db: Knex | Knex.Transaction,
  where: IdempotentRequestKey,
  status: number,
  body: unknown,
) {
  await db('idempotent_requests')
    .where(where)
    .update({ state: 'done', response_status: status, response_body: JSON.stringify(body ?? null) });
}

/** Lets go of a key whose first attempt failed, so its replay runs again. */
export async function releasePendingRequest(db: Knex, where: IdempotentRequestKey) {
  await db('idempotent_requests')
    .where({ ...where, state: 'pending' })
    .delete();
}

/** Forgets the answers stored for a person's requests (a profile edit's holds their name and e-mail) when they are erased. */
export const forgetRequestsOf = (db: Knex | Knex.Transaction, userId: string) =>
  db('idempotent_requests').where({ user_id: userId }).del();
