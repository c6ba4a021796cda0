import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, validSignup } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

async function hitUntilLimited(send: () => Promise<{ status: number; headers: Headers }>, max = 20) {
  for (let attempt = 1; attempt <= max; attempt++) {
    const response = await send();
    if (response.status === 429) return { attempt, retryAfter: Number(response.headers.get('retry-after')) };
  }
  return { attempt: Infinity, retryAfter: 0 };
}

describe('rate limits (counters in the database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('limits sign-in attempts per client and e-mail with 429 and Retry-After', async () => {
    const { payload } = await signUpInvestor(app);
    const attacker: TestClient = app.client();
    const limited = await hitUntilLimited(() => attacker.post('/api/signin', { email: payload.email, password: 'guess guess' }));
    expect(limited.attempt).toBe(11);
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another client is not affected.
    expect((await app.client().post('/api/signin', payload)).status).toBe(200);
  });

  it('limits sign-ups, resets, verification and admin login', async () => {
    const client = app.client();
    expect((await hitUntilLimited(() => client.post('/api/signup', validSignup()))).attempt).toBe(11);
    expect((await hitUntilLimited(() => client.post('/api/reset-password', { email: 'x@example.com' }))).attempt).toBe(6);
    expect((await hitUntilLimited(() => client.post('/api/verify-email', { email: 'x@example.com', verificationCode: '123456' }))).attempt).toBe(11);
    const { email } = await signInAdmin(app);
    expect((await hitUntilLimited(() => client.post('/api/admin/login', { email, password: 'wrong one' }))).attempt).toBe(11);
  });

  it('keeps counters in Postgres so every replica shares them', async () => {
    const rows = await app.db('rate_limits').count<{ count: number }[]>('* as count').first();
    expect(Number(rows?.count)).toBeGreaterThan(0);
  });
});
