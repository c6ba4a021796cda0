import type { Db } from '../../../db/connect';

/** Records a browser for an account; true when the account had not seen it before. */
export async function rememberDevice(db: Db, userId: string, deviceHash: string, at: Date) {
  const inserted = await db('known_devices')
    .insert({ user_id: userId, device_hash: deviceHash, first_seen_at: at })
    .onConflict(['user_id', 'device_hash'])
    .ignore()
    .returning('user_id');
  return inserted.length > 0;
}
