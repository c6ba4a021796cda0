import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import knex, { type Knex } from 'knex';
import { join } from 'node:path';
import { parseEnv } from '../api/config/env';
import type { AppConfig } from '../api/config/load';
import { loadOperatorConfig } from '../api/config/operator';
import { hashPassword } from '../api/lib/passwords';
import { postTransfer } from '../api/modules/ledger/ledger.service';
import { recordTermsAcceptance } from '../api/modules/terms/terms.api';
import { rootDir } from '../api/scripts/pwa-build';

export interface LoadInvestor {
  id: string;
  email: string;
  password: string;
  /** The confirmed deposit that funded the account before the run (not one of the run's writes). */
  fundingDepositId: string;
  fundedCents: number;
}

/** A generous balance: the run's purchases ($50 and up) and withdrawals ($1 and up) never run it dry. */
export const defaultFundingCents = 100_000_000;
const password = 'load investor password';
// A well-formed Bitcoin address (BIP 173's example): withdrawals pay to the profile's address for the method.
const payoutAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** A knex on the URL (direct, or through PgBouncer: no session state, no named prepared statements). */
export const openDatabase = (databaseUrl: string) =>
  knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });

/**
 * Investors for the load: e-mail verified, no two-factor, a Bitcoin payout address in force, and a balance the
 * ledger holds, funded as the product funds one (a confirmed deposit and its 'deposit:<id>' transfer through
 * postTransfer). One password for all, hashed once with the product's own hashing, so sign-ins cost what real ones do.
 */
export async function seedLoadInvestors(
  databaseUrl: string,
  count: number,
  fundedCents = defaultFundingCents,
): Promise<LoadInvestor[]> {
  const db = openDatabase(databaseUrl);
  try {
    const hash = await hashPassword(password);
    const run = randomBytes(4).toString('hex');
    const now = new Date();
    const investors: LoadInvestor[] = Array.from({ length: count }, (_, n) => ({
      id: randomUUID(),
      email: `load.${run}.${n}@load.example`,
      password,
      fundingDepositId: randomUUID(),
      fundedCents,
    }));
    await db('users').insert(
      investors.map((investor, n) => ({
        id: investor.id,
        role: 'investor',
        email: investor.email,
        password_hash: hash,
        first_name: 'Load',
        last_name: `Investor ${n}`,
        phone_number: `+1555${String(n).padStart(7, '0')}`,
        country: 'US',
        bitcoin_address: payoutAddress,
        referral_code: `L${run}${n}`.toUpperCase(),
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })),
    );
    const terms = termsConfig();
    for (const investor of investors) await fund(db, investor, now, terms);
    return investors;
  } finally {
    await db.destroy();
  }
}

/**
 * What decides the terms version the servers ask for (TERMS_VERSION, else the operator config's), read as the API
 * reads it: each investor accepted it at sign-up, as one signing up through the API does.
 */
function termsConfig(): AppConfig {
  const env = parseEnv({ NODE_ENV: 'test', TERMS_VERSION: process.env.TERMS_VERSION });
  const operatorConfig = process.env.OPERATOR_CONFIG ?? join(rootDir, 'operator.config.json');
  return { env, operator: loadOperatorConfig(operatorConfig), jwtSecret: '' };
}

async function fund(db: Knex, investor: LoadInvestor, at: Date, terms: AppConfig) {
  await db.transaction(async (trx) => {
    await recordTermsAcceptance(trx, terms, { userId: investor.id, context: 'sign_up', at });
    const receipt = receiptPng(`funding ${investor.fundingDepositId}`);
    const [file] = await trx('receipt_files')
      .insert({
        sha256: sha256Hex(receipt),
        content_type: 'image/png',
        size_bytes: receipt.length,
        original_name: 'funding.png',
        data: receipt,
        created_at: at,
      })
      .returning<{ id: string }[]>('id');
    await trx('deposits').insert({
      id: investor.fundingDepositId,
      user_id: investor.id,
      amount_cents: investor.fundedCents,
      coin: 'bitcoin',
      receipt_file_id: file!.id,
      status: 'confirmed',
      decided_at: at,
      created_at: at,
    });
    await postTransfer(trx, {
      idempotencyKey: `deposit:${investor.fundingDepositId}`,
      kind: 'deposit',
      subjectUserId: investor.id,
      at,
      details: { depositId: investor.fundingDepositId, planId: null },
      legs: [
        { account: { system: 'deposits_received' }, amountCents: -investor.fundedCents },
        { account: { owner: investor.id, kind: 'available' }, amountCents: investor.fundedCents },
      ],
    });
  });
}

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/**
 * A real 1×1 PNG (valid chunks and checksums, one pixel) with `note` in a tEXt chunk, so each receipt is its own
 * file (the upload's fingerprint and the admin's duplicate check hash the bytes). About 100 bytes.
 */
export function receiptPng(note: string): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('tEXt', Buffer.from(`Comment\0${note}`, 'latin1')),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x2e, 0x7d, 0x32]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
