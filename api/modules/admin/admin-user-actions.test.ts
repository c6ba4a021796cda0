import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

const unknownId = '00000000-0000-4000-8000-000000000000';

describe("the admin's user page acts", () => {
  const app = useTestApp();
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    ({ client: admin, adminId } = await signInAdmin(app));
  });

  /** An investor signed in twice (a phone and a laptop). */
  async function investorOnTwoDevices() {
    const investor = await signUpInvestor(app);
    const laptop = app.client();
    laptop.token = (await laptop.post('/api/signin', investor.payload)).body.token;
    const id = (await app.db('users').where({ email: investor.payload.email }).first()).id as string;
    return { ...investor, laptop, id };
  }

  const auditRows = (action: string, subjectId: string) =>
    app.db('audit_log').where({ action, subject_id: subjectId }).select('actor_id', 'after');

  it('resets the password: the new one signs in, the old one and every open session no longer do; audited', async () => {
    const investor = await investorOnTwoDevices();
    const reply = await admin.post(`/api/admin/users/${investor.id}/reset-password`, {
      newPassword: 'a brand new passphrase',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ message: 'Password reset successfully', sessionsEnded: true });
    expect((await investor.client.get('/api/dashboard')).status).toBe(401);
    expect((await investor.laptop.get('/api/dashboard')).status).toBe(401);
    expect((await app.client().post('/api/signin', investor.payload)).status).toBe(401);
    const again = await app.client().post('/api/signin', { ...investor.payload, password: 'a brand new passphrase' });
    expect(again.status).toBe(200);
    const [row] = await auditRows('user.reset_password', investor.id);
    expect(row).toMatchObject({ actor_id: adminId, after: { email: investor.payload.email, sessionsEnded: true } });
  });

  it('refuses a weak password with the field named, and changes nothing', async () => {
    const investor = await investorOnTwoDevices();
    const reply = await admin.post(`/api/admin/users/${investor.id}/reset-password`, { newPassword: 'short' });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors)).toEqual(['newPassword']);
    expect((await investor.client.get('/api/dashboard')).status).toBe(200);
    expect(await auditRows('user.reset_password', investor.id)).toEqual([]);
  });

  it('ends every session of the investor, says how many, and audits it', async () => {
    const investor = await investorOnTwoDevices();
    const other = await investorOnTwoDevices();
    const reply = await admin.post(`/api/admin/users/${investor.id}/end-sessions`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Sessions ended', ended: 2 });
    expect((await investor.client.get('/api/dashboard')).status).toBe(401);
    expect((await investor.laptop.get('/api/dashboard')).status).toBe(401);
    // Only theirs.
    expect((await other.client.get('/api/dashboard')).status).toBe(200);
    expect((await admin.get(`/api/admin/users/${investor.id}`)).body.sessions).toEqual([]);
    const [row] = await auditRows('user.end_sessions', investor.id);
    expect(row).toMatchObject({ actor_id: adminId, after: { email: investor.payload.email, sessions: 2 } });
    // The password still works: signing in again starts a new session.
    expect((await app.client().post('/api/signin', investor.payload)).status).toBe(200);
  });

  it('answers 404 for an unknown id, an admin or a malformed id, and 403 to an investor', async () => {
    const investor = await investorOnTwoDevices();
    for (const action of ['reset-password', 'end-sessions']) {
      const body = { newPassword: 'a brand new passphrase' };
      expect((await admin.post(`/api/admin/users/${unknownId}/${action}`, body)).status).toBe(404);
      expect((await admin.post(`/api/admin/users/${adminId}/${action}`, body)).status).toBe(404);
      expect((await admin.post(`/api/admin/users/nope/${action}`, body)).status).toBe(404);
      expect((await investor.client.post(`/api/admin/users/${investor.id}/${action}`, body)).status).toBe(403);
    }
    expect((await investor.client.get('/api/dashboard')).status).toBe(200);
  });

  it("shows the investor's on-chain deposits on their page, and only theirs", async () => {
    const investor = await investorOnTwoDevices();
    const other = await investorOnTwoDevices();
    const addresses = await app
      .db('chain_addresses')
      .insert(
        [investor.id, other.id].map((userId, index) => ({
          chain: 'ethereum',
          user_id: userId,
          derivation_index: 7 + index,
          address: `0xabc${index}`,
          match_key: `0xabc${index}`,
          created_at: new Date(),
        })),
      )
      .returning(['id', 'user_id']);
    const payment = (userId: string, tx: string) => ({
      chain: 'ethereum',
      tx_hash: tx,
      output_index: -1,
      address_id: addresses.find((address) => address.user_id === userId)!.id,
      user_id: userId,
      coin: 'ethereum',
      units: '25000000000000000',
      decimals: 18,
      status: 'credited',
      first_seen_at: new Date('2026-11-20T10:00:00Z'),
      credited_cents: 5000,
      credited_at: new Date('2026-11-20T10:05:00Z'),
    });
    await app.db('chain_payments').insert([payment(investor.id, '0xmine'), payment(other.id, '0xtheirs')]);
    const { chainDeposits } = (await admin.get(`/api/admin/users/${investor.id}`)).body;
    expect(chainDeposits).toEqual([
      expect.objectContaining({
        txHash: '0xmine',
        coin: 'ethereum',
        coinAmount: '0.025',
        status: 'credited',
        amount: 50,
        firstSeenAt: '2026-11-20T10:00:00.000Z',
      }),
    ]);
  });
});
