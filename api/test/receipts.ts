import { randomBytes } from 'node:crypto';
import { signUpInvestor } from './fixtures';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

/** Small but real files: each starts with its format's signature, plus random bytes so fingerprints differ. */
export const sampleFiles = {
  png: () => {
    const note = Buffer.from(`Comment\0${randomBytes(16).toString('hex')}`);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(note.length);
    return Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
      length,
      Buffer.from('tEXt'),
      note,
      Buffer.alloc(4),
      Buffer.from('0000000049454e44ae426082', 'hex'),
    ]);
  },
  jpeg: () =>
    Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      randomBytes(64),
      Buffer.from('ffd9', 'hex'),
    ]),
  pdf: () =>
    Buffer.concat([
      Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
      randomBytes(64),
      Buffer.from('\n%%EOF\n'),
    ]),
  text: () => Buffer.from('this is not a receipt, whatever its name says'),
};

export interface UploadFields {
  email: string;
  amount?: string | number;
  coin?: string;
  planId?: number;
  planName?: string;
  planVersion?: number;
}

export function uploadReceipt(
  client: TestClient,
  fields: UploadFields,
  file: Buffer = sampleFiles.png(),
  options: { name?: string; idempotencyKey?: string; path?: string } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
  form.set('receipt', new Blob([new Uint8Array(file)]), options.name ?? 'receipt.png');
  const headers: Record<string, string> = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {};
  return client.request('POST', options.path ?? '/api/upload-receipt', { body: form, headers });
}

/** Deposit by receipt and have an admin confirm it: the investor's available balance grows by `amount`. */
export async function fundInvestor(
  app: TestApp,
  investor: { client: TestClient; payload: { email: string } },
  admin: TestClient,
  amount: number | string,
  extra: Partial<UploadFields> = {},
) {
  const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount, ...extra });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${JSON.stringify(upload.body)}`);
  const confirm = await admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`);
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return upload.body.deposit.id as string;
}

/** A valid Bitcoin payout address for test investors. */
export const sampleBitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** A new investor with a Bitcoin payout address and `amount` dollars confirmed by `admin`: ready to withdraw or invest. */
export async function fundedInvestor(
  app: TestApp,
  admin: TestClient,
  amount: number,
  signup: Record<string, unknown> = {},
) {
  const investor = await signUpInvestor(app, signup);
  await investor.client.put('/api/update-profile', { bitcoinAddress: sampleBitcoinAddress });
  await fundInvestor(app, investor, admin, amount);
  return investor;
}
