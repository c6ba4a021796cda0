import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, validSignup } from '../../../test/fixtures';
import { startTestApp, useTestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';

async function hitUntilLimited(send: () => Promise<{ status: number; headers: Headers }>, max = 20) {
  for (let attempt = 1; attempt <= max; attempt++) {
    const response = await send();
    if (response.status === 429) return { attempt, retryAfter: Number(response.headers.get('retry-after')) };
  }
  return { attempt: Infinity, retryAfter: 0 };
}

describe('rate limits (counters in the database)', () => {
  const app = useTestApp({ env: { RATE_LIMITS: 'on' } });

  it('limits sign-in attempts per client and e-mail with 429 and Retry-After', async () => {
    const { payload } = await signUpInvestor(app);
    const attacker: TestClient = app.client();
    const limited = await hitUntilLimited(() =>
      attacker.post('/api/signin', { email: payload.email, password: 'guess guess' }),
    );
    expect(limited.attempt).toBe(11);
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another client is not affected.
    expect((await app.client().post('/api/signin', payload)).status).toBe(200);
  });

  it('limits sign-ups, resets, verification and admin login', async () => {
    const client = app.client();
    expect((await hitUntilLimited(() => client.post('/api/signup', validSignup()))).attempt).toBe(11);
    expect((await hitUntilLimited(() => client.post('/api/reset-password', { email: 'x@example.com' }))).attempt).toBe(
      6,
    );
    expect(
      (
        await hitUntilLimited(() =>
          client.post('/api/verify-email', { email: 'x@example.com', verificationCode: '123456' }),
        )
      ).attempt,
    ).toBe(11);
    const { email } = await signInAdmin(app);
    expect(
      (await hitUntilLimited(() => client.post('/api/admin/login', { email, password: 'wrong one' }))).attempt,
    ).toBe(11);
  });

  it('mails at most 3 new verification codes per client and address in 15 minutes, and says when to ask again', async () => {
    const { payload } = await signUpInvestor(app);
    const client = app.client();
    const resend = () => client.post('/api/verify-email/resend', { email: payload.email });
    for (let attempt = 0; attempt < 3; attempt++) expect((await resend()).status).toBe(202);
    const refused = await resend();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(refused.body.message).toBe('3 new codes were asked for in 15 minutes: try again in 15 minutes');
    await app.deps.background.settled();
    const mailed = await app.db('mail_outbox').where({ to_address: payload.email }).count<{ n: number }[]>('* as n');
    // The sign-up's code and three new ones; the refused ask mailed nothing.
    expect(Number(mailed[0]!.n)).toBe(4);
    // Asking for codes costs none of the tries at the code itself.
    const tried = await client.post('/api/verify-email', { email: payload.email, verificationCode: '000000' });
    expect(tried.status).toBe(400);
  });

  it('limits failed logins per client address across e-mails (50 per 15 min): password spraying', async () => {
    const { payload } = await signUpInvestor(app);
    const admin = await signInAdmin(app);
    const sprayer = app.client();
    for (let attempt = 0; attempt < 25; attempt++) {
      expect(
        (await sprayer.post('/api/signin', { email: `victim${attempt}@example.com`, password: 'Summer2026!' })).status,
      ).toBe(401);
      expect(
        (await sprayer.post('/api/admin/login', { email: `staff${attempt}@example.com`, password: 'Summer2026!' }))
          .status,
      ).toBe(401);
    }
    const blocked = await sprayer.post('/api/signin', payload);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sprayer.post('/api/admin/login', { email: admin.email, password: admin.password })).status).toBe(429);
    // Other addresses are unaffected.
    expect((await app.client().post('/api/signin', payload)).status).toBe(200);
  });

  it('keeps counters in Postgres so every replica shares them', async () => {
    const rows = await app.db('rate_limits').count<{ count: number }[]>('* as count').first();
    expect(Number(rows?.count)).toBeGreaterThan(0);
  });
});

describe('client address behind trusted proxies', () => {
  const cases = [
    { trustProxy: 'on', forwardedFor: (spoofed: string, client: string) => `${spoofed}, ${client}` },
    { trustProxy: '2', forwardedFor: (spoofed: string, client: string) => `${spoofed}, ${client}, 10.0.0.2` },
  ];
  it.each(cases)(
    'TRUST_PROXY=$trustProxy: rotating the entries the client writes does not dodge the limit',
    async ({ trustProxy, forwardedFor }) => {
      const app = await startTestApp({ env: { TRUST_PROXY: trustProxy } });
      try {
        const { payload } = await signUpInvestor(app);
        const client = app.client();
        const signInFrom = (realClient: string) =>
          client.request('POST', '/api/signin', {
            json: { email: payload.email, password: 'guess guess' },
            headers: {
              'x-forwarded-for': forwardedFor(`203.0.113.${Math.floor(Math.random() * 250) + 1}`, realClient),
            },
          });
        expect((await hitUntilLimited(() => signInFrom('198.51.100.7'))).attempt).toBe(11);
        // Another client behind the same proxy keeps its own count.
        expect((await signInFrom('198.51.100.99')).status).toBe(401);
      } finally {
        await app.close();
      }
    },
  );
});
