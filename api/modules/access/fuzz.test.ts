import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../lib/routing';
import { expectedAccess } from '../../test/expected-access';
import { signInAdmin, signUpInvestor, uniqueEmail, validSignup } from '../../test/fixtures';
import { hostileRequest, type HostileRequest, type RouteTemplate } from '../../test/hostile-input';
import { validPlan } from '../../test/plans';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

// Every route in the access table, called by each kind of caller with hostile params, query and
// body: whatever comes in, the answer is never a 5xx. FUZZ_SEED replays a run, FUZZ_RUNS widens it.
const seed = Number(process.env.FUZZ_SEED ?? 20_261_122);
const numRuns = Number(process.env.FUZZ_RUNS ?? 20);
const roles = ['anonymous', 'investor', 'admin'] as const;
type Role = (typeof roles)[number];

/** Callers the access guard turns away only reach the body parser and the guard: fewer runs for them. */
const allowed = (access: Access, role: Role) =>
  access === 'public' || access === role || (access === 'signed-in' && role !== 'anonymous');
/** GET requests are cheap and have only the query and params to vary: they get twice the runs. */
const runsFor = (method: string, access: Access, role: Role) =>
  (allowed(access, role) ? numRuns : Math.ceil(numRuns / 4)) * (method === 'get' ? 2 : 1);

/** Routes that end the caller's session get a fresh one on every call. */
const endsSession = new Set(['/api/signout']);

describe(`fuzz: no route answers 5xx to hostile input (seed ${seed}, ${numRuns} runs per route and allowed caller)`, () => {
  // Rate limits on, as in production: each call comes from a new address, so few answers are 429s.
  const app = useTestApp({ env: { RATE_LIMITS: 'on' } });
  let investor: Awaited<ReturnType<typeof signUpInvestor>>;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const knownIds: string[] = [];

  beforeAll(async () => {
    admin = await signInAdmin(app);
    investor = await fundedInvestor(app, admin.client, 5_000);
    // A plan id too, so the plan routes' hostile bodies reach the database.
    knownIds.push(admin.adminId, '1');
    // Real, undecided ids, so hostile reasons and hashes reach the database.
    for (let i = 0; i < 3; i += 1) {
      const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 100 });
      const withdrawal = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' });
      knownIds.push(upload.body.deposit.id, withdrawal.body.withdrawal.id);
    }
  });

  const fields: Record<string, () => Record<string, unknown>> = {
    'post /api/signup': () => validSignup(),
    'post /api/signin': () => ({ email: investor.payload.email, password: 'not the password' }),
    'put /api/update-profile': () => ({ firstName: 'Ada', address: '1 Main St' }),
    'post /api/update-password': () => ({
      email: investor.payload.email,
      oldPassword: 'wrong',
      newPassword: 'another pass 1',
      confirmPassword: 'another pass 1',
    }),
    'post /api/verify-email': () => ({ email: investor.payload.email, verificationCode: '123456' }),
    'post /api/verify-email/resend': () => ({ email: uniqueEmail() }),
    'post /api/reset-password': () => ({ email: uniqueEmail() }),
    'post /api/reset-password/confirm': () => ({ token: 'x'.repeat(40), newPassword: 'new password 1' }),
    'post /api/admin/login': () => ({ email: admin.email, password: 'not the password' }),
    'post /api/admin/add-admin': () => ({ email: uniqueEmail('admin'), password: 'admin password 9', name: 'Fuzz' }),
    'post /api/admin/reset-password': () => ({ email: uniqueEmail('nobody'), newPassword: 'new password 1' }),
    'post /api/admin/change-password': () => ({ currentPassword: 'not the password', newPassword: 'new password 12' }),
    'post /api/submit-form': () => ({
      fullName: 'Ada',
      email: 'ada@example.com',
      budget: '100',
      subject: 'Business',
      message: 'Hello',
    }),
    'post /api/newsletter': () => ({ email: uniqueEmail() }),
    'post /api/upload-receipt': () => ({ email: investor.payload.email, amount: '100', coin: 'bitcoin', planId: '1' }),
    'post /upload-receipt': () => ({
      email: investor.payload.email,
      amount: '100',
      coin: 'bitcoin',
      planName: 'Sonic',
    }),
    'post /api/admin/reject-receipt/:id': () => ({ reason: 'Blurry' }),
    'post /api/kyc': () => ({
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'GB',
      documentType: 'passport',
      documentNumber: 'P1234567',
    }),
    'post /api/admin/kyc/:id/reject': () => ({ reason: 'The photo is blurred' }),
    'post /api/investments': () => ({ planId: 1, planVersion: 1, amount: 100 }),
    'post /api/admin/plans': () => validPlan(),
    'put /api/admin/plans/:id': () => ({ ...validPlan(), version: 1 }),
    'post /api/admin/plans/order': () => ({ ids: [1, 2, 3, 4] }),
    'post /api/withdrawals': () => ({ amount: 10, method: 'Bitcoin' }),
    'post /api/deposit-quotes': () => ({ amount: 50, coin: 'ethereum' }),
    'post /api/admin/chain-incidents/:id/resolve': () => ({ resolution: 'Refunded by hand' }),
    'post /api/notifications/read': () => ({ all: true }),
    'put /api/notification-preferences': () => ({ category: 'deposit', email: false }),
    'post /api/push-subscriptions': () => ({
      endpoint: 'https://127.0.0.1/push/fuzz',
      expirationTime: null,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
    'delete /api/push-subscriptions': () => ({ endpoint: 'https://127.0.0.1/push/fuzz' }),
    'post /api/admin/withdrawals/:id/approve': () => ({ txHash: `0x${'ab'.repeat(20)}` }),
    'post /api/admin/withdrawals/:id/reject': () => ({ reason: 'Wrong address' }),
    'post /api/admin/fund-holds/:id/release': () => ({ note: 'Source of funds checked' }),
    'put /api/admin/kyc-limits': () => ({
      level0: { deposit: 1000, withdrawal: 500 },
      level1: { deposit: 50000, withdrawal: 25000 },
    }),
    'post /api/admin/payout-batches/preview': () => ({ chain: 'litecoin', feeRate: 3 }),
    'post /api/admin/payout-batches': () => ({ chain: 'litecoin', feeRate: 3 }),
    'post /api/admin/payout-batches/:id/signed': () => ({ psbt: 'cHNidP8BAAoCAAAAAAAAAAAAAA==' }),
    'post /api/admin/payout-batches/:id/bump': () => ({ feeRate: 5 }),
    'post /api/admin/payout-batches/:id/cancel': () => ({}),
    'post /api/admin/users/:id/reset-password': () => ({ newPassword: 'a new long password 1' }),
    'post /api/admin/users/:id/end-sessions': () => ({}),
    'post /api/admin/users/:id/resend-verification': () => ({}),
    'post /api/me/erase': () => ({ password: 'not the password' }),
    'post /api/admin/users/:id/erase': () => ({}),
    'post /api/admin/sanctions-lists': () => ({ chain: 'ethereum' }),
    'post /api/admin/sanctions-incidents/:id/decide': () => ({ decision: 'dismiss', note: 'Checked by hand' }),
    'post /api/terms/accept': () => ({ version: '2026-11-01' }),
  };

  const queries: Record<string, Record<string, string>> = {
    'get /api/users': { page: '1', pageSize: '20', search: 'ada' },
    'get /api/market/price': { currency: 'eur' },
    'get /api/admin/messages': { page: '1', pageSize: '20' },
    'get /api/admin/receipts': { status: 'pending', page: '1', pageSize: '25', sort: 'amount', order: 'asc' },
    'get /api/admin/withdrawals': { status: 'pending', page: '1', pageSize: '25', sort: 'date', order: 'desc' },
    'get /api/transactions': { tab: 'deposit', type: 'Deposit', page: '1', pageSize: '5' },
    'get /api/admin/audit-log': { page: '1', pageSize: '50' },
    'get /api/me/export': { format: 'zip' },
    'get /api/admin/users/:id/export': { format: 'json' },
    'get /api/admin/sanctions-incidents': { status: 'all' },
    'get /api/admin/kyc': { status: 'pending', page: '1', pageSize: '25' },
  };

  async function callerFor(role: Role, path: string): Promise<TestClient> {
    if (role === 'anonymous') return app.client();
    const principal =
      role === 'admin'
        ? { id: admin.adminId, token: admin.client.token }
        : { id: investor.user.id as string, token: investor.client.token };
    if (!endsSession.has(path)) return app.client(principal.token);
    const { token } = await app.deps.sessions.start(app.db, principal.id, role);
    return app.client(token);
  }

  /** The answer, or status 0 when the connection broke without one (that counts as a failure too). */
  const send = (caller: TestClient, method: string, request: HostileRequest) =>
    caller.request(method, request.path, { headers: request.headers, body: request.body }).catch((error: Error) => {
      const cause = error.cause as { code?: string; message?: string } | undefined;
      return { status: 0, body: `no answer: ${error.message} (${cause?.code ?? ''} ${cause?.message ?? ''})` };
    });

  it.each(expectedAccess.map((route, index) => [...route, index] as const))(
    '%s %s (%s)',
    async (method, path, access, index) => {
      const failures: string[] = [];
      const route = `${method} ${path}`;
      const template: RouteTemplate = {
        fields: fields[route] ?? (() => ({})),
        query: queries[route] ?? {},
        multipart: path.endsWith('/upload-receipt') || path === '/api/kyc',
      };
      for (const [roleIndex, role] of roles.entries()) {
        await fc.assert(
          fc.asyncProperty(hostileRequest(method, path, template, knownIds), async (request) => {
            // A new client is a new address (X-Forwarded-For), so rate limits rarely cut the run short.
            const answer = await send(await callerFor(role, path), method.toUpperCase(), request);
            if (answer.status >= 500 || answer.status === 0) {
              failures.push(
                `${role} ${method.toUpperCase()} ${request.summary}\n  → ${answer.status} ${JSON.stringify(answer.body)}`,
              );
            }
          }),
          { seed: seed + index * roles.length + roleIndex, numRuns: runsFor(method, access, role) },
        );
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
  );
});
