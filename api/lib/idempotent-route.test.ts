import { describe, expect, it } from 'vitest';
import { signUpInvestor } from '../test/fixtures';
import { sampleFiles, uploadReceipt } from '../test/receipts';
import { useTestApp } from '../test/test-app';

const dayMs = 24 * 60 * 60 * 1000;

// The PWA's outbox keeps a receipt or an edit until it is sent, however long the phone stays offline: the server
// must remember the first answer at least as long. This file has its own app, so moving its clock moves no one else's.
describe('answers to Idempotency-Keys outlive any time offline', () => {
  const app = useTestApp();

  it('a receipt replayed 40 days after its lost answer, from a new session, gets that answer: still one deposit', async () => {
    const investor = await signUpInvestor(app);
    const fields = { email: investor.payload.email, amount: 210 };
    const file = sampleFiles.png();
    const key = { idempotencyKey: 'receipt-after-weeks-offline' };
    const first = await uploadReceipt(investor.client, fields, file, key);
    expect(first.status).toBe(201);

    app.clock.advance(40 * dayMs);
    // The old session has expired by now (30 days at most): the investor signs in again, the outbox sends what it held.
    const signIn = await app
      .client()
      .post('/api/signin', { email: investor.payload.email, password: investor.payload.password });
    expect(signIn.status).toBe(200);
    investor.client.token = signIn.body.token;
    const replay = await uploadReceipt(investor.client, fields, file, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.deposit.id).toBe(first.body.deposit.id);
    expect(await app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('a profile edit replayed 40 days later does not undo the edits made since', async () => {
    const { client, payload } = await signUpInvestor(app);
    const edit = { bankName: 'Queued Bank' };
    expect(
      (await client.put('/api/update-profile', edit, { headers: { 'idempotency-key': 'profile-after-weeks' } })).status,
    ).toBe(200);
    expect((await client.put('/api/update-profile', { bankName: 'Newer Bank' })).status).toBe(200);

    app.clock.advance(40 * dayMs);
    client.token = (
      await app.client().post('/api/signin', { email: payload.email, password: payload.password })
    ).body.token;
    const replay = await client.put('/api/update-profile', edit, {
      headers: { 'idempotency-key': 'profile-after-weeks' },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await client.get('/api/user')).body.user.bankName).toBe('Newer Bank');
  });
});
