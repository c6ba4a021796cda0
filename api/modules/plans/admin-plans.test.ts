import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan } from '../../contracts/plans';
import { parseCsv } from '../../test/csv';
import { signInAdmin, signUpInvestor, useAdminApp } from '../../test/fixtures';
import { validPlan } from '../../test/plans';
import { fundInvestor, uploadReceipt } from '../../test/receipts';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { payMaturedInvestments } from '../investments/investments.service';

const hour = 3_600_000;
type Named = { id: number; name: string };

const onSaleNames = async (app: TestApp) =>
  ((await app.client().get('/api/plans')).body.plans as Named[]).map((plan) => plan.name);

/** The body of PUT /api/admin/plans/:id from a plan as GET /api/admin/plans sends it, with changes. */
const edited = (plan: Record<string, unknown>, changes: Record<string, unknown>) => {
  const { id, onSale, position, activeInvestments, investedAmount, ...fields } = plan;
  void [id, onSale, position, activeInvestments, investedAmount];
  return { ...fields, ...changes };
};

describe('the plan catalogue run from the admin desk', () => {
  const setup = useAdminApp();
  let second: TestApp;

  // A second replica: another app process over the same database, with its own copy of /api/plans in memory.
  beforeAll(async () => {
    second = await startTestApp({ database: setup.app.db, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => second?.close());

  const adminPlan = async (id: number) =>
    ((await setup.admin.get('/api/admin/plans')).body.plans as AdminPlan[]).find((plan) => plan.id === id)!;

  async function newPlan(overrides: Record<string, unknown> = {}) {
    const created = await setup.admin.post('/api/admin/plans', validPlan(overrides));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.plan;
  }

  async function investorWith(amount: number) {
    const investor = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, amount);
    return investor;
  }

  it('lists every plan with its state, its active investments and the money in them', async () => {
    const investor = await investorWith(300);
    await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 120.5 });
    const { plans } = (await setup.admin.get('/api/admin/plans')).body;
    expect(plans.map((plan: Named) => plan.name).slice(0, 4)).toEqual(['Sonic', 'Ultra', 'Promo Plan', 'Supreme']);
    expect(plans[0]).toMatchObject({
      id: 1,
      roiPercent: 5,
      minDeposit: 50,
      maxDeposit: 999,
      durationHours: 15,
      miner: true,
      presets: [50, 100, 200, 500, 800, 999],
      onSale: true,
      position: 1,
      version: 1,
      activeInvestments: 1,
      investedAmount: 120.5,
    });
    expect(plans[3]).toMatchObject({ maxDeposit: null, activeInvestments: 0, investedAmount: 0 });
    expect((await investor.client.get('/api/admin/plans')).status).toBe(403);
    expect((await setup.app.client().get('/api/admin/plans')).status).toBe(401);
  });

  it('creates a plan that is on sale on both replicas within 2 seconds', async () => {
    // Both replicas hold the list in memory before the change.
    const before = await onSaleNames(second);
    await onSaleNames(setup.app);
    const plan = await newPlan({ name: 'Seasonal Spring' });
    const createdAt = performance.now();
    expect(before).not.toContain('Seasonal Spring');
    expect(plan).toMatchObject({ onSale: true, version: 1, roiPercent: 7.5, activeInvestments: 0, position: 5 });
    expect(await onSaleNames(setup.app)).toContain('Seasonal Spring');
    let seenAfterMs: number | undefined;
    while (seenAfterMs === undefined && performance.now() - createdAt < 3_000) {
      if ((await onSaleNames(second)).includes('Seasonal Spring')) seenAfterMs = performance.now() - createdAt;
    }
    expect(seenAfterMs).toBeLessThan(2_000);
    const served = (await second.client().get(`/api/plans/${plan.id}`)).body;
    expect(served).toMatchObject({
      name: 'Seasonal Spring',
      names: { fr: 'Hiver', ar: 'شتاء' },
      description: 'A seasonal plan for the winter months.',
      descriptions: { fr: 'Un plan saisonnier pour les mois d’hiver.' },
      amountLabel: '$100 - $2,000',
      roiPercentage: 7.5,
      minDeposit: 100,
      maxDeposit: 2000,
      presets: [100, 500, 1000, 2000],
      version: 1,
    });
  });

  it('applies an ROI change to later purchases only: investments already made keep their expected return', async () => {
    const plan = await newPlan({ roiPercent: 10 });
    const investor = await investorWith(1_000);
    const early = await investor.client.post('/api/investments', { planId: plan.id, planVersion: 1, amount: 200 });
    expect(early.body.investment.expectedReturn).toBe(220);

    const changed = await setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 12.5 }));
    expect(changed.status).toBe(200);
    expect(changed.body.plan).toMatchObject({ roiPercent: 12.5, version: 2 });

    // A page loaded before the edit: refused with the new terms, so the investor sees what changed.
    const stale = await investor.client.post('/api/investments', { planId: plan.id, planVersion: 1, amount: 200 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The terms of this plan have changed. Check the new terms and confirm again.');
    expect(stale.body.plan).toMatchObject({ id: plan.id, roiPercentage: 12.5, version: 2 });
    const late = await investor.client.post('/api/investments', { planId: plan.id, planVersion: 2, amount: 200 });
    expect(late.status).toBe(201);
    expect(late.body.investment.expectedReturn).toBe(225);

    const investments = (await investor.client.get('/api/investments')).body.investments;
    expect(investments.map((investment: { expectedReturn: number }) => investment.expectedReturn).sort()).toEqual([
      220, 225,
    ]);
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(600);
  });

  it('never gives a purchase racing an edit terms its page did not show', async () => {
    const plan = await newPlan({ roiPercent: 10 });
    const investors = await Promise.all([investorWith(200), investorWith(200), investorWith(200)]);
    const [edit, ...purchases] = await Promise.all([
      setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 20 })),
      ...investors.map((investor) =>
        investor.client.post('/api/investments', { planId: plan.id, planVersion: 1, amount: 100 }),
      ),
    ]);
    expect(edit!.status).toBe(200);
    for (const purchase of purchases) {
      expect([201, 409]).toContain(purchase.status);
      // Bought at the 10 % the page showed, or refused with the 20 % now on offer: never 20 % unseen.
      if (purchase.status === 201) expect(purchase.body.investment.expectedReturn).toBe(110);
      else expect(purchase.body.plan).toMatchObject({ roiPercentage: 20, version: 2 });
    }
  });

  it('lets a purchase through when only the texts changed since the page was loaded', async () => {
    const plan = await newPlan();
    await setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { description: 'Reworded.' }));
    const investor = await investorWith(500);
    const bought = await investor.client.post('/api/investments', { planId: plan.id, planVersion: 1, amount: 100 });
    expect(bought.status).toBe(201);
    expect(bought.body.investment.expectedReturn).toBe(107.5);
  });

  it('starts a deposit made before an edit on the terms it was made under, when confirmed after it', async () => {
    const plan = await newPlan({ roiPercent: 10, durationHours: 24 });
    const investor = await signUpInvestor(setup.app);
    const upload = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: 1_000,
      planId: plan.id,
      planVersion: 1,
    });
    expect(upload.status).toBe(201);
    await setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 20, durationHours: 48 }));
    expect((await setup.admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`)).status).toBe(200);
    const [investment] = (await investor.client.get('/api/investments')).body.investments;
    expect(investment.expectedReturn).toBe(1_100);
    expect(Date.parse(investment.maturesAt) - Date.parse(investment.startsAt)).toBe(24 * hour);

    // A receipt sent from a page showing the old terms after the edit is refused with the new ones.
    const late = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: 1_000,
      planId: plan.id,
      planVersion: 1,
    });
    expect(late.status).toBe(409);
    expect(late.body.plan).toMatchObject({ roiPercentage: 20, durationHours: 48, version: 2 });
  });

  it('refuses an edit made from a stale version with 409 and the plan as it is now', async () => {
    const plan = await newPlan();
    expect((await setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 8 }))).status).toBe(200);
    const stale = await setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 9 }));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed this plan meanwhile/);
    expect(stale.body.plan).toMatchObject({ roiPercent: 8, version: 2 });
    expect((await adminPlan(plan.id)).roiPercent).toBe(8);
  });

  it('settles two admins editing the same version at once: one edit wins, the other gets 409, none is lost', async () => {
    const plan = await newPlan();
    const other: TestClient = (await signInAdmin(setup.app)).client;
    const answers = await Promise.all([
      setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 11 })),
      other.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 12 })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.plan;
    expect(await adminPlan(plan.id)).toMatchObject({ version: 2, roiPercent: winner.roiPercent });
    const audited = await setup.app.db('audit_log').where({ action: 'plan.update', subject_id: String(plan.id) });
    expect(audited).toHaveLength(1);
    expect(audited[0].after.roiBasisPoints).toBe(winner.roiPercent * 100);
  });

  it('retires a plan: gone from /api/plans on both replicas, its link says so, its investments still mature', async () => {
    const plan = await newPlan({ durationHours: 5 });
    const investor = await investorWith(500);
    await investor.client.post('/api/investments', { planId: plan.id, planVersion: 1, amount: 400 });
    // A receipt for the plan still waits for an admin when it is retired.
    const waiting = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: 100,
      planId: plan.id,
      planVersion: 1,
    });
    await onSaleNames(second);

    const retired = await setup.admin.post(`/api/admin/plans/${plan.id}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body.plan).toMatchObject({ onSale: false, version: 2, activeInvestments: 1, investedAmount: 400 });
    const retiredAt = performance.now();
    expect(await onSaleNames(setup.app)).not.toContain(plan.name);
    while ((await onSaleNames(second)).includes(plan.name)) expect(performance.now() - retiredAt).toBeLessThan(2_000);
    const link = await setup.app.client().get(`/api/plans/${plan.id}`);
    expect(link.status).toBe(410);
    expect(link.body.message).toBe('This plan is no longer offered');
    const bought = await investor.client.post('/api/investments', { planId: plan.id, planVersion: 2, amount: 50 });
    expect(bought.status).toBe(409);
    expect(bought.body.message).toBe('This plan is no longer offered');
    const deposit = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: 100,
      planId: plan.id,
    });
    expect(deposit.status).toBe(409);

    // Paid for before the plan was retired: confirmed, it starts as bought.
    expect((await setup.admin.post(`/api/admin/confirm-receipt/${waiting.body.deposit.id}`)).status).toBe(200);

    setup.app.clock.advance(5 * hour);
    await payMaturedInvestments(setup.app.db, setup.app.clock.now());
    const investments = (await investor.client.get('/api/investments')).body.investments;
    expect(
      investments.map((one: { status: string; expectedReturn: number }) => [one.status, one.expectedReturn]),
    ).toEqual([
      ['matured', 107.5],
      ['matured', 430],
    ]);
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(637.5);

    const back = await setup.admin.post(`/api/admin/plans/${plan.id}/reactivate`);
    expect(back.body.plan).toMatchObject({ onSale: true, version: 3 });
    expect(await onSaleNames(setup.app)).toContain(plan.name);
    // Asking again for the state it is in changes nothing.
    expect((await setup.admin.post(`/api/admin/plans/${plan.id}/reactivate`)).body.plan.version).toBe(3);
  });

  it('orders the plans as the landing and /trading-plans show them', async () => {
    const ids = ((await setup.admin.get('/api/admin/plans')).body.plans as Named[]).map((plan) => plan.id);
    const reversed = [...ids].reverse();
    const ordered = await setup.admin.post('/api/admin/plans/order', { ids: reversed });
    expect(ordered.status).toBe(200);
    expect(ordered.body.plans.map((plan: Named) => plan.id)).toEqual(reversed);
    const served = (await setup.app.client().get('/api/plans')).body.plans as Named[];
    expect(served.map((plan) => plan.id)).toEqual(reversed.filter((id) => served.some((plan) => plan.id === id)));
    expect((await setup.admin.post('/api/admin/plans/order', { ids: reversed.slice(1) })).status).toBe(400);
    expect((await setup.admin.post('/api/admin/plans/order', { ids: [...reversed, reversed[0]] })).status).toBe(400);
    await setup.admin.post('/api/admin/plans/order', { ids });
  });

  it('refuses bad plans in the schema layer with the field at fault, and writes nothing', async () => {
    const count = async () => Number((await setup.app.db('plans').count('* as n').first())!.n);
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ minDeposit: 500, maxDeposit: 100, presets: [500] }, 'maxDeposit'],
      [{ roiPercent: 0 }, 'roiPercent'],
      [{ roiPercent: 1000.01 }, 'roiPercent'],
      [{ roiPercent: 5.555 }, 'roiPercent'],
      [{ durationHours: 0 }, 'durationHours'],
      [{ durationHours: 87_601 }, 'durationHours'],
      [{ durationHours: 1.5 }, 'durationHours'],
      [{ minDeposit: 100.001 }, 'minDeposit'],
      [{ presets: [50] }, 'presets.0'],
      [{ presets: [100, 2000.01] }, 'presets.1'],
      [{ presets: [] }, 'presets'],
      [{ name: '  ' }, 'name'],
      [{ names: { xx: 'Nope' } }, 'names'],
      [{ miner: 'yes' }, 'miner'],
    ];
    for (const [change, field] of cases) {
      const answer = await setup.admin.post('/api/admin/plans', validPlan(change));
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.errors), JSON.stringify(change)).toContain(field);
    }
    expect((await setup.admin.post('/api/admin/plans', validPlan({ name: 'sonic' }))).status).toBe(400);
    // Limits themselves are accepted; no maximum is an empty field or null.
    await newPlan({ roiPercent: 0.01, durationHours: 87_600, maxDeposit: '', presets: [100, 1_000_000] });
    await newPlan({ roiPercent: 1000, durationHours: 1, maxDeposit: null });
    expect(await count()).toBe(before + 2);
    expect((await setup.admin.put('/api/admin/plans/999999', { ...validPlan(), version: 1 })).status).toBe(404);
    expect((await setup.admin.post('/api/admin/plans/abc/retire')).status).toBe(404);
  });

  it('records every change with before and after in the audit log and its CSV export', async () => {
    const plan = await newPlan({ name: 'Audited Plan' });
    await setup.admin.put(`/api/admin/plans/${plan.id}`, edited(plan, { roiPercent: 6 }));
    await setup.admin.post(`/api/admin/plans/${plan.id}/retire`);
    const entries = await setup.app
      .db('audit_log')
      .where({ subject_type: 'plan', subject_id: String(plan.id) })
      .orderBy('id');
    expect(entries.map((entry) => entry.action)).toEqual(['plan.create', 'plan.update', 'plan.retire']);
    expect(entries[1].before).toMatchObject({ roiBasisPoints: 750, version: 1 });
    expect(entries[1].after).toMatchObject({ roiBasisPoints: 600, version: 2 });
    expect(entries[2].after).toMatchObject({ onSale: false });

    const response = await fetch(`${setup.admin.baseUrl}/api/admin/export/audit-log?action=plan.update`, {
      headers: { authorization: `Bearer ${setup.admin.token}` },
    });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await response.text());
    const row = rows.find((cells) => cells[header!.indexOf('subjectId')] === String(plan.id))!;
    expect(row[header!.indexOf('action')]).toBe('plan.update');
    expect(JSON.parse(row[header!.indexOf('before')]!)).toMatchObject({ roiBasisPoints: 750 });
    expect(JSON.parse(row[header!.indexOf('after')]!)).toMatchObject({ roiBasisPoints: 600 });
  });
});
