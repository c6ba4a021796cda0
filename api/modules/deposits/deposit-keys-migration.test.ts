import { describe, expect, it } from 'vitest';
import { migrationConfig } from '../../db/connect';
import { requestFingerprint } from '../../lib/request-fingerprint';
import { signUpInvestor } from '../../test/fixtures';
import { sampleFiles, uploadReceipt } from '../../test/receipts';
import { useTestApp } from '../../test/test-app';

const migration = { ...migrationConfig, name: '20261124041000_move_deposit_keys_to_idempotent_requests.ts' };

// A receipt whose answer was lost just before the deploy is replayed from the outbox after it.
describe('moving deposit Idempotency-Keys to idempotent_requests', () => {
  const app = useTestApp();

  it('answers the replay of a receipt keyed before the migration with that deposit, creating none', async () => {
    const investor = await signUpInvestor(app);
    const file = sampleFiles.pdf();
    const fields = { email: investor.payload.email, amount: '120.50', coin: 'Bitcoin', planName: 'Sonic' };
    const first = await uploadReceipt(investor.client, fields, file);
    expect(first.status).toBe(201);

    await app.db.migrate.down(migration);
    // What the deposit service used to store with a keyed upload.
    const [{ sha256 }] = await app
      .db('receipt_files')
      .where({ id: app.db('deposits').select('receipt_file_id').where({ id: first.body.deposit.id }) })
      .select('sha256');
    const fingerprint = requestFingerprint({
      amountCents: 12_050,
      coin: 'bitcoin',
      planId: undefined,
      planName: 'sonic',
      receiptSha256: sha256,
    });
    await app
      .db('deposits')
      .where({ id: first.body.deposit.id })
      .update({ idempotency_key: 'key-before-deploy', request_fingerprint: fingerprint });
    await app.db.migrate.up(migration);

    const replay = await uploadReceipt(investor.client, fields, file, { idempotencyKey: 'key-before-deploy' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const reused = await uploadReceipt(investor.client, { ...fields, amount: 130 }, file, {
      idempotencyKey: 'key-before-deploy',
    });
    expect(reused.status).toBe(422);
    expect(await app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({ n: 1 });
    expect(await app.db.schema.hasColumn('deposits', 'request_fingerprint')).toBe(false);
  });
});
