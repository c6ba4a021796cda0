import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultKycLimits } from '../../contracts/kyc-limits';
import { signInAdmin, signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, sampleBitcoinAddress, uploadReceipt } from '../../test/receipts';
import { investorBalances, ledgerViolations } from '../ledger/ledger.api';
import { kycLimitsOf, releaseHeldFunds } from './kyc-limits.service';

/*
 * Limits per identity level (issue 37) with the configuration's defaults: level 0 deposits $1,000 and withdrawals $500
 * per rolling 30 days, level 1 $50,000 and $25,000. Money above the deposit limit is credited but held.
 */
describe('limits per identity level and held money', () => {
  const setup = useAdminApp({ operator: { kycLimits: defaultKycLimits } });
  const db = () => setup.app.db;

  const investor = async () => {
    const signedUp = await signUpInvestor(setup.app);
    await signedUp.client.put('/api/update-profile', { bitcoinAddress: sampleBitcoinAddress });
    return signedUp;
  };
  type Investor = Awaited<ReturnType<typeof investor>>;
  const deposit = (who: Investor, amount: number | string) => fundInvestor(setup.app, who, setup.admin, amount);
  const withdraw = (who: Investor, amount: number | string) =>
    who.client.post('/api/withdrawals', { amount, method: 'Bitcoin' });
  const balances = (who: Investor) => investorBalances(db(), who.user.id);
  const holds = (who: Investor) => db()('fund_holds').where({ user_id: who.user.id }).orderBy('created_at');
  /** Level 1 as kyc-review's kycLevelOf reads it: the investor's latest submission approved. */
  const approveIdentity = (who: Investor) =>
    db()('kyc_submissions').insert({
      id: randomUUID(),
      user_id: who.user.id,
      status: 'approved',
      legal_name: 'Ada Lovelace',
      date_of_birth: '1990-12-10',
      country: 'GB',
      document_type: 'passport',
      document_number: 'P1234567',
      decided_at: new Date(),
      created_at: new Date(),
    });
  const expectLedgerValid = async () => expect(await ledgerViolations(db())).toEqual([]);

  it('credits deposits up to the limit to the available balance, and holds the one a cent over it', async () => {
    const who = await investor();
    await deposit(who, 600);
    await deposit(who, 400); // exactly $1,000 in 30 days: allowed
    expect(await balances(who)).toMatchObject({ available: 100_000, held: 0 });
    await deposit(who, 50); // any more: held
    expect(await balances(who)).toMatchObject({ available: 100_000, held: 5_000 });
    expect(await holds(who)).toMatchObject([{ reason: 'kyc_limit', released_at: null }]);
    expect(Number((await holds(who))[0].amount_cents)).toBe(5_000);
    const limits = await kycLimitsOf(db(), setup.app.deps, who.user.id);
    expect(limits).toEqual({
      level: 0,
      limits: { deposit: { limit: 100_000, used: 100_000 }, withdrawal: { limit: 50_000, used: 0 } },
    });
    await expectLedgerValid();
  });

  it('credits a deposit one cent under the limit and holds the whole of one a cent over', async () => {
    const under = await investor();
    await deposit(under, '950.01');
    await deposit(under, 50); // $1,000.01 in total: one cent over
    expect(await balances(under)).toMatchObject({ available: 95_001, held: 5_000 });

    const edge = await investor();
    await deposit(edge, '949.99');
    await deposit(edge, 50); // $999.99: one cent under
    expect(await balances(edge)).toMatchObject({ available: 99_999, held: 0 });
    await expectLedgerValid();
  });

  it('holds a deposit for a plan instead of starting the plan, and tells the investor', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    const upload = await uploadReceipt(who.client, { email: who.payload.email, amount: 100, planName: 'Sonic' });
    expect((await setup.admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`)).status).toBe(200);
    expect(await balances(who)).toMatchObject({ available: 100_000, invested: 0, held: 10_000 });
    const kinds = (await db()('notifications').where({ user_id: who.user.id }).select('kind')).map((row) => row.kind);
    expect(kinds).toContain('deposit.held');
    expect((await who.client.get('/api/assets')).body.holdings).toMatchObject({ held: 100, total: 1_100 });
    const listed = await who.client.get('/api/fund-holds');
    expect(listed.body.holds).toMatchObject([{ amount: 100, reason: 'kyc_limit', releasedAt: null }]);
  });

  it('does not let held money be withdrawn or invested', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    await deposit(who, 500); // held
    // Spend the available money in a plan: what is left is only held.
    const plan = await who.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 999 });
    expect(plan.status).toBe(201);
    expect(await balances(who)).toMatchObject({ available: 100, held: 50_000 });
    expect((await withdraw(who, 2)).status).toBe(409);
    const invest = await who.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 50 });
    expect(invest.status).toBe(409);
    expect(await balances(who)).toMatchObject({ available: 100, held: 50_000 });
    await expectLedgerValid();
  });

  it('refuses a withdrawal a cent over the limit with kyc_limit, and allows one exactly at it', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    expect((await withdraw(who, '300.01')).status).toBe(201);
    const over = await withdraw(who, 200); // $500.01
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'kyc_limit', level: 0, limit: 500, used: 300.01 });
    expect(over.body.message).toBe(
      'Your withdrawal limit is $500 per 30 days; you have used $300.01, so $199.99 is left. Verify your identity to raise it.',
    );
    expect((await withdraw(who, '199.99')).status).toBe(201); // exactly $500
    expect((await withdraw(who, '0.01')).status).toBe(403);
    expect(await balances(who)).toMatchObject({ available: 50_000, pendingWithdrawal: 50_000 });
    await expectLedgerValid();
  });

  it('does not count a rejected withdrawal against the limit', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    const first = await withdraw(who, 500);
    expect((await withdraw(who, 1)).status).toBe(403);
    const reject = await setup.admin.post(`/api/admin/withdrawals/${first.body.withdrawal.id}/reject`, {
      reason: 'Wrong address',
    });
    expect(reject.status).toBe(200);
    expect((await withdraw(who, 500)).status).toBe(201);
  });

  it('lets one of two withdrawals at once through when together they exceed the limit', async () => {
    for (let round = 0; round < 3; round++) {
      const who = await investor();
      await deposit(who, 1_000);
      const replies = await Promise.all([withdraw(who, 300), withdraw(who, 300)]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 403]);
      expect(await balances(who)).toMatchObject({ available: 70_000, pendingWithdrawal: 30_000 });
    }
    await expectLedgerValid();
  });

  it('holds one of two deposits confirmed at once when together they exceed the limit', async () => {
    const who = await investor();
    const ids = await Promise.all(
      [600, 600].map(async (amount) => {
        const upload = await uploadReceipt(who.client, { email: who.payload.email, amount });
        return upload.body.deposit.id as string;
      }),
    );
    const confirms = await Promise.all(ids.map((id) => setup.admin.post(`/api/admin/confirm-receipt/${id}`)));
    expect(confirms.map((reply) => reply.status)).toEqual([200, 200]);
    expect(await balances(who)).toMatchObject({ available: 60_000, held: 60_000 });
    await expectLedgerValid();
  });

  it('raises the limits with the level and releases held money as far as the new limit allows', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    await deposit(who, 30_000); // held
    await deposit(who, 25_000); // held
    expect(await balances(who)).toMatchObject({ available: 100_000, held: 5_500_000 });
    await approveIdentity(who);
    const released = await db().transaction((trx) => releaseHeldFunds(trx, setup.app.deps, who.user.id));
    // Level 1: $50,000. $1,000 + $30,000 fits, the $25,000 after it does not.
    expect(released.map((hold) => hold.amount_cents)).toEqual([3_000_000]);
    expect(await balances(who)).toMatchObject({ available: 3_100_000, held: 2_500_000 });
    expect(await kycLimitsOf(db(), setup.app.deps, who.user.id)).toMatchObject({
      level: 1,
      limits: { deposit: { limit: 5_000_000, used: 3_100_000 }, withdrawal: { limit: 2_500_000 } },
    });
    const kinds = (await db()('notifications').where({ user_id: who.user.id }).select('kind')).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'deposit.released')).toHaveLength(1);
    // Level 1 withdraws more than level 0's $500.
    expect((await withdraw(who, 600)).status).toBe(201);
    await expectLedgerValid();
  });

  it('releases a hold once when two releases run at once', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    await deposit(who, 700);
    await deposit(who, 300);
    await approveIdentity(who);
    await Promise.all(
      [1, 2, 3].map(() => db().transaction((trx) => releaseHeldFunds(trx, setup.app.deps, who.user.id))),
    );
    expect(await balances(who)).toMatchObject({ available: 200_000, held: 0 });
    const releases = await db()('ledger_transactions').where({ kind: 'hold_released', subject_user_id: who.user.id });
    expect(releases).toHaveLength(2);
    expect((await holds(who)).every((hold) => hold.released_at !== null)).toBe(true);
    await expectLedgerValid();
  });

  it('lets an admin release a kyc_limit hold by hand, once, audited', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    await deposit(who, 200);
    const [hold] = await holds(who);
    const listed = await setup.admin.get(`/api/admin/users/${who.user.id}/fund-holds`);
    expect(listed.body.holds).toMatchObject([{ id: hold.id, amount: 200, reason: 'kyc_limit' }]);
    expect((await setup.admin.post(`/api/admin/fund-holds/${hold.id}/release`, {})).status).toBe(400);
    const releases = await Promise.all(
      [1, 2].map(() => setup.admin.post(`/api/admin/fund-holds/${hold.id}/release`, { note: 'Source checked' })),
    );
    expect(releases.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(await balances(who)).toMatchObject({ available: 120_000, held: 0 });
    const audit = await db()('audit_log').where({ action: 'fund_hold.release', subject_id: hold.id });
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ status: 'released', note: 'Source checked' });
    expect((await who.client.post(`/api/admin/fund-holds/${hold.id}/release`, { note: 'me' })).status).toBe(403);
    expect((await setup.admin.post(`/api/admin/fund-holds/${randomUUID()}/release`, { note: 'x' })).status).toBe(404);
    await expectLedgerValid();
  });

  it('shows and edits the limits on the desk, validated and audited', async () => {
    const shown = await setup.admin.get('/api/admin/kyc-limits');
    expect(shown.body.limits).toEqual({
      level0: { deposit: 1_000, withdrawal: 500 },
      level1: { deposit: 50_000, withdrawal: 25_000 },
    });
    for (const body of [
      { level0: { deposit: 0, withdrawal: 500 }, level1: { deposit: 50_000, withdrawal: 25_000 } },
      { level0: { deposit: 1_000, withdrawal: '5.001' }, level1: { deposit: 50_000, withdrawal: 25_000 } },
      { level0: { deposit: 1_000, withdrawal: 500 }, level1: { deposit: 999.99, withdrawal: 25_000 } },
      { level0: { deposit: 1_000, withdrawal: 500 } },
    ]) {
      const refused = await setup.admin.put('/api/admin/kyc-limits', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const saved = await setup.admin.put('/api/admin/kyc-limits', {
      level0: { deposit: 2_000, withdrawal: '600.50' },
      level1: { deposit: 50_000, withdrawal: 25_000 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.limits.level0).toEqual({ deposit: 2_000, withdrawal: 600.5 });
    const audit = await db()('audit_log').where({ action: 'kyc_limits.update' }).orderBy('id', 'desc').first();
    expect(audit.before.limits.level0).toEqual({ deposit: 1_000, withdrawal: 500 });
    expect(audit.after.limits.level0).toEqual({ deposit: 2_000, withdrawal: 600.5 });

    const who = await investor();
    await deposit(who, 1_000);
    expect((await withdraw(who, '600.50')).status).toBe(201);
    expect((await withdraw(who, '0.01')).status).toBe(403);
    // Back to the defaults for the tests after this one.
    await setup.admin.put('/api/admin/kyc-limits', {
      level0: { deposit: 1_000, withdrawal: 500 },
      level1: { deposit: 50_000, withdrawal: 25_000 },
    });
  });

  it('releases held money as far as a raised deposit limit allows, audited and told; too small a rise keeps it', async () => {
    const setLevel0Deposit = async (deposit: number) => {
      const saved = await setup.admin.put('/api/admin/kyc-limits', {
        level0: { deposit, withdrawal: 500 },
        level1: { deposit: 50_000, withdrawal: 25_000 },
      });
      expect(saved.status).toBe(200);
    };
    const who = await investor();
    await deposit(who, 1_000);
    await deposit(who, 300); // held
    await deposit(who, 100); // held
    const verified = await investor();
    await approveIdentity(verified);
    await deposit(verified, 50_000);
    await deposit(verified, 100); // held at level 1, whose limit does not change
    const heldOf = async (investor: Investor) => (await balances(investor)).held;

    await setLevel0Deposit(1_050); // $1,100 and $1,400 do not fit
    expect(await balances(who)).toMatchObject({ available: 100_000, held: 40_000 });
    await setLevel0Deposit(1_100); // the $300 still does not fit; the $100 after it does
    expect(await balances(who)).toMatchObject({ available: 110_000, held: 30_000 });
    await setLevel0Deposit(1_400);
    expect(await balances(who)).toMatchObject({ available: 140_000, held: 0 });
    expect(await heldOf(verified)).toBe(10_000);

    const [first, second] = await holds(who);
    const released = await db()('audit_log')
      .where({ action: 'fund_hold.release' })
      .whereIn('subject_id', [first.id, second.id])
      .orderBy('id');
    expect(released.map((row) => [row.subject_id, row.actor_id, row.after.status])).toEqual([
      [second.id, setup.adminId, 'released'],
      [first.id, setup.adminId, 'released'],
    ]);
    expect(released[1].after.limits).toEqual({ level0: { deposit: 1_400, withdrawal: 500 } });
    const update = await db()('audit_log').where({ action: 'kyc_limits.update' }).orderBy('id', 'desc').first();
    expect(update.after.ids).toContain(first.id);
    const kinds = (await db()('notifications').where({ user_id: who.user.id }).select('kind')).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'deposit.released')).toHaveLength(2);
    await setLevel0Deposit(1_000); // back to the default for the test after this one
    await expectLedgerValid();
  });

  it('counts a rolling 30 days: older deposits and withdrawals no longer use the limit', async () => {
    const who = await investor();
    await deposit(who, 1_000);
    expect((await withdraw(who, 500)).status).toBe(201);
    setup.app.clock.advance(30 * 24 * 60 * 60 * 1000 + 60_000);
    // Sessions do not last 30 days: both sign in again.
    const signIn = await who.client.post('/api/signin', { email: who.payload.email, password: who.payload.password });
    who.client.token = signIn.body.token;
    const admin = await signInAdmin(setup.app);
    await fundInvestor(setup.app, who, admin.client, 1_000);
    expect(await balances(who)).toMatchObject({ held: 0 });
    expect((await withdraw(who, 500)).status).toBe(201);
    await expectLedgerValid();
  });
});
