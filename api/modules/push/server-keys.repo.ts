import type { Db } from '../../db/connect';

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** Stores the server's VAPID pair unless one is stored already: the first replica's insert wins. */
export async function storeVapidKeysOnce(db: Db, keys: KeyPair, at: Date) {
  await db('server_keys')
    .insert({ name: 'vapid', public_key: keys.publicKey, private_key: keys.privateKey, created_at: at })
    .onConflict('name')
    .ignore();
}

export async function findVapidKeys(db: Db): Promise<KeyPair> {
  const row = await db('server_keys').where({ name: 'vapid' }).first('public_key', 'private_key');
  return { publicKey: row.public_key as string, privateKey: row.private_key as string };
}
