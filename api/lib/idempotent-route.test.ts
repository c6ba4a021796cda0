import { describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { signUpInvestor, useAdminApp } from '../test/fixtures';
import { fundedInvestor, sampleFiles, uploadReceipt } from '../test/receipts';
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

// A receipt's key, its deposit and the stored answer commit together (idempotentTransaction): a server killed
// anywhere in between leaves no 'pending' key for a replay to wait out, and never a deposit without its answer.
describe('a receipt upload killed in the middle', () => {
  const app = useTestApp();

  it('leaves nothing behind: the replay runs at once and records the one deposit', async () => {
    const investor = await signUpInvestor(app);
    const fields = { email: investor.payload.email, amount: 320 };
    const file = sampleFiles.png();
    const key = { idempotencyKey: 'receipt-killed-mid-way' };
    // Hold the first attempt inside its transaction, after its claim of the key, at the deposit's insert.
    const blocker = await app.db.transaction();
    await blocker.raw('lock table deposits in exclusive mode');
    const first = uploadReceipt(investor.client, fields, file, key);
    const backend = await eventually(
      async () => {
        const { rows } = await app.db.raw<{ rows: { pid: number }[] }>(
          `select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "deposits"%'`,
        );
        return rows[0]?.pid;
      },
      10_000,
      'the first upload waiting at the deposit insert',
    );
    // Its process dies: PostgreSQL ends the connection and rolls its transaction back.
    await app.db.raw('select pg_terminate_backend(?)', [backend]);
    expect((await first).status).toBeGreaterThanOrEqual(500);
    await blocker.rollback();

    const replay = await uploadReceipt(investor.client, fields, file, key);
    expect(replay.status).toBe(201);
    expect(await app.db('deposits').where({ user_id: investor.user.id }).count('* as n').first()).toEqual({ n: 1 });
    const again = await uploadReceipt(investor.client, fields, file, key);
    expect(again.status).toBe(200);
    expect(again.body.deposit.id).toBe(replay.body.deposit.id);
  });
});

// The load generator and the PWA retry a purchase or a withdrawal request with its key when an answer is lost (a
// replica killed, the network gone): each applies once, and every copy gets the first answer.
describe('a plan purchase and a withdrawal request sent again with their Idempotency-Key', () => {
  const setup = useAdminApp();

  it('buy the plan once and hold the withdrawal once, however many copies race', async () => {
    const investor = await fundedInvestor(setup.app, setup.admin, 500);
    const buy = { planId: 1, planVersion: 1, amount: 120 };
    const purchases = await Promise.all(
      Array.from({ length: 4 }, () =>
        investor.client.post('/api/investments', buy, { headers: { 'idempotency-key': 'buy-once' } }),
      ),
    );
    expect(purchases.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(purchases.map((reply) => reply.body.investment.id)).size).toBe(1);

    const withdraw = { amount: 60, method: 'Bitcoin' };
    const requests = await Promise.all(
      Array.from({ length: 4 }, () =>
        investor.client.post('/api/withdrawals', withdraw, { headers: { 'idempotency-key': 'withdraw-once' } }),
      ),
    );
    expect(requests.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(requests.map((reply) => reply.body.withdrawal.id)).size).toBe(1);

    const userId = investor.user.id;
    expect(await setup.app.db('investments').where({ user_id: userId }).count('* as n').first()).toEqual({ n: 1 });
    expect(await setup.app.db('withdrawals').where({ user_id: userId }).count('* as n').first()).toEqual({ n: 1 });
    // 500 funded, 120 invested once, 60 held once.
    const { balances } = (await investor.client.get('/api/dashboard')).body;
    expect(balances.accountBalance).toBe(320);
    // Without a key each request is its own.
    expect((await investor.client.post('/api/withdrawals', withdraw)).status).toBe(201);
    expect(await setup.app.db('withdrawals').where({ user_id: userId }).count('* as n').first()).toEqual({ n: 2 });
  });
});
