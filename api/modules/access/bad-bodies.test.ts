import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, uniqueEmail, validSignup } from '../../test/fixtures';
import { fundInvestor, uploadReceipt } from '../../test/receipts';
import { expectedAccess } from '../../test/expected-access';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

const unsafeRoutes = expectedAccess.filter(([method]) => method !== 'get');
const sample = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('bad bodies get a clear 4xx, never a 5xx', () => {
  let investor: TestClient;
  let admin: TestClient;
  const app = useTestApp();
  beforeAll(async () => {
    investor = (await signUpInvestor(app)).client;
    admin = (await signInAdmin(app)).client;
  });

  const callerFor = (access: string) => (access === 'admin' ? admin : investor);
  const wrongTypes = {
    email: 42,
    password: ['x'],
    firstName: {},
    newPassword: true,
    rememberMe: 'yes',
    verificationCode: 7,
    token: 1,
  };

  // Routes that read no body at all (a DELETE's body is not even parsed).
  const bodyless = new Set([
    '/api/signout',
    '/api/sessions/revoke-others',
    '/api/2fa/setup',
    '/api/sessions/:id',
    '/api/payout-addresses/pending/:kind',
  ]);
  it.each(unsafeRoutes.filter(([, path]) => !bodyless.has(path)))('%s %s', async (method, path, access) => {
    const caller = callerFor(access);
    const send = (body: string, contentType = 'application/json') =>
      caller.request(method.toUpperCase(), sample(path), { body, headers: { 'content-type': contentType } });

    const malformed = await send('{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed request body' });

    const oversized = await send(JSON.stringify({ email: 'a'.repeat(200_000) }));
    expect(oversized.status).toBe(413);
    expect(oversized.body).toEqual({ message: 'Request body too large' });

    for (const body of [JSON.stringify(wrongTypes), '[]', '"text"', 'null']) {
      const response = await send(body);
      expect(response.status, `${body} → ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.message).toBe('string');
    }
  });
});

describe('hostile input from the outside probe gets a 4xx, never a 5xx', () => {
  const nul = 'a\u0000b';
  const loneSurrogate = 'reason \ud800 here';
  const beyondPgInteger = 2_147_483_648;
  let anonymous: TestClient;
  let investor: Awaited<ReturnType<typeof signUpInvestor>>;
  let admin: TestClient;
  const app = useTestApp();
  beforeAll(async () => {
    anonymous = app.client();
    investor = await signUpInvestor(app);
    await investor.client.put('/api/update-profile', { bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    admin = (await signInAdmin(app)).client;
  });

  const expectClear400 = (response: { status: number; body: { message?: unknown } }, what: string) => {
    expect(response.status, `${what} → ${response.status} ${JSON.stringify(response.body)}`).toBe(400);
    expect(typeof response.body.message).toBe('string');
  };

  it.each([
    ['/api/signup', () => validSignup({ firstName: `Ada${nul}` })],
    ['/api/signin', () => ({ email: `ada${nul}@example.com`, password: 'correct horse battery' })],
    ['/api/admin/login', () => ({ email: `root${nul}@example.com`, password: 'admin password 1' })],
    ['/api/verify-email', () => ({ email: `ada${nul}@example.com`, verificationCode: '123456' })],
    ['/api/submit-form', () => ({ message: `hello ${nul}` })],
  ])('a NUL character in %s → 400', async (path, body) => {
    expectClear400(await anonymous.post(path, body()), path);
  });

  it('a lone surrogate in a deposit reject reason → 400', async () => {
    const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 100 });
    expect(upload.status).toBe(201);
    const response = await admin.post(`/api/admin/reject-receipt/${upload.body.deposit.id}`, { reason: loneSurrogate });
    expectClear400(response, 'reject reason');
  });

  it('a lone surrogate in an add-admin name → 400', async () => {
    const response = await admin.post('/api/admin/add-admin', {
      email: uniqueEmail('admin'),
      password: 'admin password 2',
      name: 'Root \udc00',
    });
    expectClear400(response, 'add-admin name');
  });

  it('a lone surrogate in a withdrawal tx hash → 400', async () => {
    await fundInvestor(app, investor, admin, 100);
    const withdrawal = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' });
    expect(withdrawal.status).toBe(201);
    const response = await admin.post(`/api/admin/withdrawals/${withdrawal.body.withdrawal.id}/approve`, {
      txHash: '0xabcdef12\ud83d',
    });
    expectClear400(response, 'tx hash');
  });

  it('a NUL in an uploaded file name → 400', async () => {
    const response = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 100 }, undefined, {
      name: 'a\u0000b.png',
    });
    expectClear400(response, 'file name');
  });

  it('a NUL in a query value → 400', async () => {
    expectClear400(await admin.get('/api/users?search=a%00b'), 'users search');
    expectClear400(await investor.client.get('/api/transactions?type=%00'), 'transactions type');
  });

  it('GET /api/plans/2147483648 is a 404, not a database error', async () => {
    const response = await anonymous.get(`/api/plans/${beyondPgInteger}`);
    expect([400, 404], JSON.stringify(response.body)).toContain(response.status);
  });

  it('planId 2147483648 in an investment → 400', async () => {
    const response = await investor.client.post('/api/investments', {
      planId: beyondPgInteger,
      planVersion: 1,
      amount: 100,
    });
    expectClear400(response, 'investments planId');
  });

  it('planId 2147483648 in a receipt upload → 400', async () => {
    const response = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: 100,
      planId: beyondPgInteger,
    });
    expectClear400(response, 'upload-receipt planId');
  });

  it.each(['gzip', 'deflate', 'br', 'x-unknown'])(
    'Content-Encoding %s on a plain JSON body → 400 or 415',
    async (encoding) => {
      const response = await anonymous.request('POST', '/api/signin', {
        body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery' }),
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expect([400, 415], `${encoding} → ${response.status} ${JSON.stringify(response.body)}`).toContain(
        response.status,
      );
      expect(typeof response.body.message).toBe('string');
    },
  );

  it('a large body refused part-way closes the connection, so the next request is not reset', async () => {
    const response = await anonymous.request('POST', '/api/signin', {
      body: JSON.stringify({ email: 'x'.repeat(1_000_000) }),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('connection')).toBe('close');
  });

  it('a body that really is gzip-compressed is still read', async () => {
    const response = await anonymous.request('POST', '/api/signin', {
      body: new Uint8Array(
        gzipSync(JSON.stringify({ email: investor.payload.email, password: investor.payload.password })),
      ),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});

describe('rate-limit keys built from client input', () => {
  const longestEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
  const app = useTestApp({ env: { RATE_LIMITS: 'on' } });

  it.each([
    ['/api/signin', { email: longestEmail, password: 'x' }],
    ['/api/admin/login', { email: longestEmail, password: 'x' }],
    ['/api/reset-password', { email: longestEmail }],
  ])('a 254-character e-mail in %s is counted, not a 500', async (path, body) => {
    const response = await app.client().post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
  });

  it('a long X-Forwarded-For (behind a trusted proxy) is counted, not a 500', async () => {
    const response = await app
      .client()
      .post('/api/submit-form', { message: 'Hello' }, { headers: { 'x-forwarded-for': 'x'.repeat(300) } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });
});
