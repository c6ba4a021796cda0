import { describe, expect, it } from 'vitest';
import { lastMailTo, signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';

const codeIn = (body?: string) => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
const tokenIn = (body?: string) => /update-password\?token=([\w-]+)/.exec(body ?? '')?.[1] ?? '';
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mail verification', () => {
  const app = useTestApp();

  it('verifies with the mailed code, once', async () => {
    const { client, payload } = await signUpInvestor(app);
    const code = codeIn((await lastMailTo(app, payload.email))?.body);
    const response = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: code });
    expect(response.status).toBe(200);
    expect((await client.get('/api/userdata')).body.userData.emailVerified).toBe(true);
    const used = await app
      .db('auth_tokens')
      .where({ purpose: 'verify_email' })
      .whereNotNull('used_at')
      .count('* as n')
      .first();
    expect(Number(used?.n)).toBeGreaterThan(0);
  });

  it('refuses a wrong code, and kills the code after 5 wrong tries', async () => {
    const { payload } = await signUpInvestor(app);
    const code = codeIn((await lastMailTo(app, payload.email))?.body);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await app
        .client()
        .post('/api/verify-email', { email: payload.email, verificationCode: wrongCode(code) });
      expect(response.body).toEqual({ message: 'Invalid or expired verification code' });
    }
    const late = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: code });
    expect(late.status).toBe(400);
  });

  it('refuses an expired code; a resent code replaces the old one', async () => {
    const { payload } = await signUpInvestor(app);
    const first = codeIn((await lastMailTo(app, payload.email))?.body);
    app.clock.advance(16 * 60_000);
    try {
      const expired = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: first });
      expect(expired.status).toBe(400);
      const resend = await app.client().post('/api/verify-email/resend', { email: payload.email });
      expect(resend.status).toBe(202);
      const second = codeIn((await lastMailTo(app, payload.email))?.body);
      if (second !== first) {
        const stale = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: first });
        expect(stale.status).toBe(400);
      }
      const ok = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: second });
      expect(ok.status).toBe(200);
    } finally {
      app.clock.advance(-16 * 60_000);
    }
  });
});

describe('password reset', () => {
  const app = useTestApp();

  it('gives the same 202 answer whether or not the e-mail is registered', async () => {
    const { payload } = await signUpInvestor(app);
    const known = await app.client().post('/api/reset-password', { email: payload.email });
    const unknown = await app.client().post('/api/reset-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(await lastMailTo(app, 'nobody@example.com')).toBeUndefined();
  });

  it('sets the password from the mailed link once, ending every session', async () => {
    const { client, payload } = await signUpInvestor(app);
    await app.client().post('/api/reset-password', { email: payload.email });
    const token = tokenIn((await lastMailTo(app, payload.email))?.body);
    expect(token.length).toBeGreaterThan(20);
    const confirm = await app.client().post('/api/reset-password/confirm', { token, newPassword: 'reset password 42' });
    expect(confirm.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const again = await app.client().post('/api/reset-password/confirm', { token, newPassword: 'another password 1' });
    expect(again.body).toEqual({ message: 'Invalid or expired reset link' });
    expect(
      (await app.client().post('/api/signin', { email: payload.email, password: 'reset password 42' })).status,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { payload } = await signUpInvestor(app);
    await app.client().post('/api/reset-password', { email: payload.email });
    const token = tokenIn((await lastMailTo(app, payload.email))?.body);
    app.clock.advance(61 * 60_000);
    try {
      const response = await app
        .client()
        .post('/api/reset-password/confirm', { token, newPassword: 'reset password 42' });
      expect(response.status).toBe(400);
    } finally {
      app.clock.advance(-61 * 60_000);
    }
  });
});
