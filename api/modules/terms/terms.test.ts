import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testXpub } from '../../test/chain-keys';
import { signUpInvestor, testTermsVersion, uniqueEmail, useAdminApp, validSignup } from '../../test/fixtures';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import { termsExportOf } from './terms.api';

const nextVersion = '2026-12-01';

describe('terms on record: sign-up', () => {
  const setup = useAdminApp();

  it('refuses a sign-up without the accepted terms (422) and leaves no account', async () => {
    for (const acceptedTermsVersion of [undefined, '', '   ']) {
      const email = uniqueEmail();
      const response = await setup.app.client().post('/api/signup', validSignup({ email, acceptedTermsVersion }));
      expect(response.status, String(acceptedTermsVersion)).toBe(422);
      expect(response.body.message).toBe('Accept the terms and the risk disclosure to sign up');
      expect(response.body.errors).toEqual({
        acceptedTermsVersion: 'Accept the terms and the risk disclosure to sign up',
      });
      expect(await setup.app.db('users').where({ email }).first()).toBeUndefined();
    }
  });

  it('refuses a stale version with 409 and the current one', async () => {
    const email = uniqueEmail();
    const response = await setup.app
      .client()
      .post('/api/signup', validSignup({ email, acceptedTermsVersion: '2025-01-01' }));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'terms_version_changed', version: testTermsVersion });
    expect(await setup.app.db('users').where({ email }).first()).toBeUndefined();
  });

  it('records the version, the time and the address of a sign-up', async () => {
    const before = setup.app.clock.now().getTime();
    const investor = await signUpInvestor(setup.app);
    const status = await investor.client.get('/api/terms');
    expect(status.status).toBe(200);
    const { acceptedAt } = status.body;
    expect(status.body).toEqual({ version: testTermsVersion, acceptedVersion: testTermsVersion, acceptedAt });
    expect(Date.parse(acceptedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(acceptedAt)).toBeLessThanOrEqual(setup.app.clock.now().getTime());
    const { body } = await investor.client.get('/api/terms/acceptances');
    expect(body.acceptances).toEqual([
      { version: testTermsVersion, acceptedAt, context: 'sign_up', planId: null, planVersion: null },
    ]);
    const [row] = await setup.app.db('terms_acceptances').where({ user_id: investor.user.id });
    expect(row.ip).toBeTruthy();
  });

  it('treats an account made before terms were recorded as not accepted until it accepts once', async () => {
    const investor = await fundedInvestor(setup.app, setup.admin, 50);
    await setup.app.db('terms_acceptances').where({ user_id: investor.user.id }).del();
    expect((await investor.client.get('/api/terms')).body).toEqual({
      version: testTermsVersion,
      acceptedVersion: null,
      acceptedAt: null,
    });
    const refused = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'terms_not_accepted', version: testTermsVersion });
    const accepted = await investor.client.post('/api/terms/accept', { version: testTermsVersion });
    expect(accepted.status).toBe(200);
    expect(accepted.body.acceptedVersion).toBe(testTermsVersion);
    // Accepting again records nothing new.
    await investor.client.post('/api/terms/accept', { version: testTermsVersion });
    expect(await setup.app.db('terms_acceptances').where({ user_id: investor.user.id })).toHaveLength(1);
    expect((await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' })).status).toBe(201);
  });

  it('refuses hostile acceptance bodies with a 4xx and records nothing', async () => {
    const investor = await signUpInvestor(setup.app);
    for (const body of [{}, { version: 7 }, { version: 'x'.repeat(41) }, { version: 'a\u0000b' }]) {
      const response = await investor.client.post('/api/terms/accept', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await setup.app.db('terms_acceptances').where({ user_id: investor.user.id })).toHaveLength(1);
    expect((await setup.app.client().get('/api/terms')).status).toBe(401);
    expect((await setup.app.client().post('/api/terms/accept', { version: testTermsVersion })).status).toBe(401);
  });

  it('serves the text of the current version in a language, English for an unknown one, 404 for a version never kept', async () => {
    const arabic = await setup.app.client().get(`/api/terms/text/${testTermsVersion}?language=ar`);
    expect(arabic.status).toBe(200);
    expect(arabic.body.language).toBe('ar');
    expect(arabic.body.document.sections).toHaveLength(2);
    expect(arabic.body.document.notice).not.toBe('');
    const unknown = await setup.app.client().get(`/api/terms/text/${testTermsVersion}?language=xx`);
    expect(unknown.body.language).toBe('en');
    expect((await setup.app.client().get('/api/terms/text/1999-01-01')).status).toBe(404);
    const current = await setup.app.client().get('/api/terms/current?language=de');
    expect(current.body).toMatchObject({ version: testTermsVersion, language: 'de' });
  });
});

describe('terms on record: a new version', () => {
  const setup = useAdminApp();
  const operator = () => setup.app.deps.config.operator;
  afterAll(() => {
    operator().termsVersion = testTermsVersion;
  });

  it('blocks a withdrawal, a purchase and a deposit with 409 until accepted, then lets them through', async () => {
    const investor = await fundedInvestor(setup.app, setup.admin, 500);
    const userId = investor.user.id as string;
    operator().termsVersion = nextVersion;

    const withdrawal = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' });
    const purchase = await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 200 });
    const receipt = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 100 });
    for (const refused of [withdrawal, purchase, receipt]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: `Our terms and risk disclosure changed (version ${nextVersion}). Read and accept them to go on.`,
        code: 'terms_not_accepted',
        version: nextVersion,
      });
    }
    // Nothing was left behind by the refused actions.
    expect(await setup.app.db('withdrawals').where({ user_id: userId })).toHaveLength(0);
    expect(await setup.app.db('investments').where({ user_id: userId })).toHaveLength(0);
    expect(await setup.app.db('deposits').where({ user_id: userId })).toHaveLength(1);
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(500);

    expect((await investor.client.get('/api/terms')).body).toMatchObject({
      version: nextVersion,
      acceptedVersion: testTermsVersion,
    });
    // Accepting the old version is no acceptance of the new one.
    const stale = await investor.client.post('/api/terms/accept', { version: testTermsVersion });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'terms_version_changed', version: nextVersion });

    const accepted = await investor.client.post('/api/terms/accept', { version: nextVersion });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      version: nextVersion,
      acceptedVersion: nextVersion,
      acceptedAt: expect.any(String),
    });
    expect((await investor.client.get('/api/terms')).body).toEqual(accepted.body);

    expect((await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' })).status).toBe(201);
    expect((await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 200 })).status).toBe(
      201,
    );
    expect((await uploadReceipt(investor.client, { email: investor.payload.email, amount: 100 })).status).toBe(201);

    // The purchase keeps the terms version and the plan version accepted.
    const { acceptances } = (await investor.client.get('/api/terms/acceptances')).body;
    expect(acceptances.map((row: { context: string }) => row.context)).toEqual([
      'plan_purchase',
      're_accept',
      'sign_up',
    ]);
    expect(acceptances[0]).toMatchObject({ version: nextVersion, planId: 1, planVersion: 1 });
    expect(acceptances[2]).toMatchObject({ version: testTermsVersion, planId: null });

    // The admin sees the same on the user's page; an investor may not ask for it.
    const admin = await setup.admin.get(`/api/admin/users/${userId}/terms`);
    expect(admin.status).toBe(200);
    expect(admin.body.acceptances).toEqual(acceptances);
    expect((await investor.client.get(`/api/admin/users/${userId}/terms`)).status).toBe(403);

    // The data export lists them with the address each came from.
    const exported = await termsExportOf(setup.app.db, userId);
    expect(exported.map((row) => row.context)).toEqual(['plan_purchase', 're_accept', 'sign_up']);
    expect(exported.every((row) => typeof row.ip === 'string')).toBe(true);

    // The text of the version accepted at sign-up is still served after the bump.
    const old = await setup.app.client().get(`/api/terms/text/${testTermsVersion}?language=fr`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ version: testTermsVersion, language: 'fr' });
  });

  it('records every purchase of racing requests with its versions, one acceptance per investment', async () => {
    operator().termsVersion = nextVersion;
    const investor = await fundedInvestor(setup.app, setup.admin, 300, { acceptedTermsVersion: nextVersion });
    // Signed up under nextVersion: accepted already.
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(1);
    const purchases = await setup.app
      .db('terms_acceptances')
      .where({ user_id: investor.user.id, context: 'plan_purchase' });
    expect(purchases).toHaveLength(3);
    expect(purchases.every((row) => row.version === nextVersion && row.plan_version === 1)).toBe(true);
  });
});

describe('terms on record: deposit quotes', () => {
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    setup = await startChainApp({
      ethereum: {
        kind: 'evm',
        rpcUrl: 'http://127.0.0.1:9',
        xpub: testXpub("m/44'/60'/0'"),
        confirmations: 3,
        coins: { ethereum: { native: true } },
      },
    });
  });
  afterAll(() => setup.close());

  it('refuses a quote until the new version is accepted', async () => {
    const { client } = await signUpInvestor(setup.app);
    setup.app.deps.config.operator.termsVersion = nextVersion;
    const refused = await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'terms_not_accepted', version: nextVersion });
    expect(await setup.app.db('deposit_quotes')).toHaveLength(0);
    expect((await client.post('/api/terms/accept', { version: nextVersion })).status).toBe(200);
    expect((await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' })).status).toBe(201);
  });
});
