import { describe, expect, it } from 'vitest';
import { lastMailTo, signInAdmin, signUpInvestor } from '../../../test/fixtures';
import { fundInvestor } from '../../../test/receipts';
import { useTestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { enrolTwoFactor, totpCode } from '../../../test/two-factor';

const oldAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const newAddress = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const hour = 3_600_000;

describe('payout addresses: first one at once, changes held', () => {
  const app = useTestApp();

  const auditActions = async (userId: string) =>
    (
      await app.db('audit_log').where({ subject_id: userId }).where('action', 'like', 'payout_address.%').orderBy('id')
    ).map((row) => row.action);
  const withdrawTo = async (client: TestClient) =>
    (await client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' })).body.withdrawal.address;
  const confirmLink = async (email: string) =>
    /confirm-payout-address\?token=([\w-]+)/.exec((await lastMailTo(app, email)).body)![1]!;

  async function investorWithAddress() {
    const investor = await signUpInvestor(app);
    const first = await investor.client.put('/api/update-profile', { bitcoinAddress: oldAddress });
    expect(first.status).toBe(200);
    expect(first.body.user.bitcoinAddress).toBe(oldAddress);
    await fundInvestor(app, investor, (await signInAdmin(app)).client, 100);
    // A 30-day session, so the investor stays signed in while the tests move the clock by days.
    const remembered = await app
      .client()
      .post('/api/signin', { email: investor.payload.email, password: investor.payload.password, rememberMe: true });
    investor.client.token = remembered.body.token;
    return investor;
  }

  it('sets the first address of a kind at once, audited', async () => {
    const investor = await investorWithAddress();
    expect(await withdrawTo(investor.client)).toBe(oldAddress);
    expect(await auditActions(investor.user.id)).toEqual(['payout_address.set']);
    const overview = (await investor.client.get('/api/payout-addresses')).body;
    expect(overview.addresses.bitcoin).toEqual({ address: oldAddress, pending: null });
    expect(overview.holdHours).toBe(24);
  });

  it('a change waits for the e-mailed link and then 24 hours; the old address stays in force meanwhile', async () => {
    const investor = await investorWithAddress();
    const change = await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    expect(change.status).toBe(200);
    expect(change.body.user.bitcoinAddress).toBe(oldAddress);
    expect((await investor.client.get('/api/payout-addresses')).body.addresses.bitcoin).toEqual({
      address: oldAddress,
      pending: { address: newAddress, confirmed: false, takesEffectAt: null },
    });
    const token = await confirmLink(investor.payload.email);
    // Unconfirmed, it never takes over.
    app.clock.advance(48 * hour);
    expect(await withdrawTo(investor.client)).toBe(oldAddress);
    // Saving the form again with the pending address sends no second link and keeps the first valid.
    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    const confirmed = await app.client().post('/api/payout-addresses/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect((await app.client().post('/api/payout-addresses/confirm', { token })).status).toBe(400);
    const pending = (await investor.client.get('/api/payout-addresses')).body.addresses.bitcoin.pending;
    expect(pending.confirmed).toBe(true);
    expect(new Date(pending.takesEffectAt).getTime() - app.clock.now().getTime()).toBeGreaterThan(24 * hour - 60_000);
    app.clock.advance(23 * hour);
    expect(await withdrawTo(investor.client)).toBe(oldAddress);
    app.clock.advance(1 * hour + 60_000);
    expect(await withdrawTo(investor.client)).toBe(newAddress);
    expect((await investor.client.get('/api/user')).body.user.bitcoinAddress).toBe(newAddress);
    expect((await investor.client.get('/api/payout-addresses')).body.addresses.bitcoin).toEqual({
      address: newAddress,
      pending: null,
    });
    expect(await auditActions(investor.user.id)).toEqual([
      'payout_address.set',
      'payout_address.change_request',
      'payout_address.change_confirm',
      'payout_address.activate',
    ]);
  });

  it('removing an address is held too, so clearing then setting cannot skip the hold', async () => {
    const investor = await investorWithAddress();
    await investor.client.put('/api/update-profile', { bitcoinAddress: '' });
    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    expect(await withdrawTo(investor.client)).toBe(oldAddress);
  });

  it('of two racing first settings, one is in force and the other waits like any change', async () => {
    const investor = await signUpInvestor(app);
    const replies = await Promise.all(
      [oldAddress, newAddress].map((bitcoinAddress) => investor.client.put('/api/update-profile', { bitcoinAddress })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const inForce = (await investor.client.get('/api/user')).body.user.bitcoinAddress;
    const waiting = await app.db('pending_payout_addresses').where({ user_id: investor.user.id });
    expect(waiting).toHaveLength(1);
    expect([inForce, waiting[0].address].sort()).toEqual([oldAddress, newAddress].sort());
  });

  it('refuses an unknown or expired link', async () => {
    const investor = await investorWithAddress();
    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    const token = await confirmLink(investor.payload.email);
    expect((await app.client().post('/api/payout-addresses/confirm', { token: 'x'.repeat(43) })).body).toEqual({
      message: 'Invalid or expired link',
    });
    app.clock.advance(8 * 24 * hour);
    expect((await app.client().post('/api/payout-addresses/confirm', { token })).status).toBe(400);
  });

  it('with two-factor enabled a change also needs a code; the first address of another kind does not', async () => {
    const investor = await investorWithAddress();
    const { secret } = await enrolTwoFactor(app, investor.client);
    const missing = await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect(await app.db('pending_payout_addresses').where({ user_id: investor.user.id })).toHaveLength(0);
    const first = await investor.client.put('/api/update-profile', { ethereumAddress: `0x${'a'.repeat(40)}` });
    expect(first.status).toBe(200);
    const withCode = await investor.client.put('/api/update-profile', {
      bitcoinAddress: newAddress,
      code: totpCode(secret, app.clock.now()),
    });
    expect(withCode.status).toBe(200);
    expect(await app.db('pending_payout_addresses').where({ user_id: investor.user.id })).toHaveLength(1);
  });

  it('the owner can cancel a waiting change, before or after confirming it: the old address stays, audited', async () => {
    const investor = await investorWithAddress();
    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    const unconfirmedLink = await confirmLink(investor.payload.email);
    // Someone else's session cannot touch it: they have no pending change of their own.
    const stranger = await signUpInvestor(app);
    expect((await stranger.client.delete('/api/payout-addresses/pending/bitcoin')).status).toBe(404);
    const cancelled = await investor.client.delete('/api/payout-addresses/pending/bitcoin');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ message: 'Payout address change cancelled' });
    expect((await app.client().post('/api/payout-addresses/confirm', { token: unconfirmedLink })).status).toBe(400);
    expect((await investor.client.get('/api/payout-addresses')).body.addresses.bitcoin).toEqual({
      address: oldAddress,
      pending: null,
    });

    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    expect(
      (await app.client().post('/api/payout-addresses/confirm', { token: await confirmLink(investor.payload.email) }))
        .status,
    ).toBe(200);
    app.clock.advance(1 * hour);
    expect((await investor.client.delete('/api/payout-addresses/pending/bitcoin')).status).toBe(200);
    app.clock.advance(48 * hour);
    expect(await withdrawTo(investor.client)).toBe(oldAddress);
    expect((await investor.client.delete('/api/payout-addresses/pending/bitcoin')).body).toEqual({
      message: 'No pending payout address change',
    });
    expect((await investor.client.delete('/api/payout-addresses/pending/solana')).status).toBe(400);
    expect(await auditActions(investor.user.id)).toEqual([
      'payout_address.set',
      'payout_address.change_request',
      'payout_address.change_cancel',
      'payout_address.change_request',
      'payout_address.change_confirm',
      'payout_address.change_cancel',
    ]);
    const audit = await app
      .db('audit_log')
      .where({ subject_id: investor.user.id, action: 'payout_address.change_cancel' })
      .orderBy('id')
      .first();
    expect(audit.before).toEqual({ kind: 'bitcoin', address: newAddress });
    expect(audit.after).toEqual({ kind: 'bitcoin', address: oldAddress });
  });

  it('a change whose hold is over is in force and can no longer be cancelled', async () => {
    const investor = await investorWithAddress();
    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    await app.client().post('/api/payout-addresses/confirm', { token: await confirmLink(investor.payload.email) });
    app.clock.advance(25 * hour);
    expect((await investor.client.delete('/api/payout-addresses/pending/bitcoin')).status).toBe(404);
    expect(await withdrawTo(investor.client)).toBe(newAddress);
  });
});

describe('PAYOUT_ADDRESS_HOLD_HOURS', () => {
  const app = useTestApp({ env: { PAYOUT_ADDRESS_HOLD_HOURS: '2' } });

  it('sets the hold', async () => {
    const investor = await signUpInvestor(app);
    await investor.client.put('/api/update-profile', { bitcoinAddress: oldAddress });
    await investor.client.put('/api/update-profile', { bitcoinAddress: newAddress });
    const token = /token=([\w-]+)/.exec((await lastMailTo(app, investor.payload.email)).body)![1]!;
    await app.client().post('/api/payout-addresses/confirm', { token });
    app.clock.advance(2 * hour + 60_000);
    expect((await investor.client.get('/api/payout-addresses')).body.addresses.bitcoin).toEqual({
      address: newAddress,
      pending: null,
    });
  });
});
