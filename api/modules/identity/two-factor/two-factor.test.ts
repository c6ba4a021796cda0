import { describe, expect, it } from 'vitest';
import { signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import { enrolTwoFactor, nextStep, totpCode, wrongCode } from '../../../test/two-factor';

describe('two-factor enrolment and sign-in', () => {
  const logLines: string[] = [];
  const app = useTestApp({ logLines });

  const signIn = (email: string, password: string, code?: string) =>
    app.client().post('/api/signin', { email, password, ...(code !== undefined && { code }) });
  const sessionCount = async (userId: string) =>
    Number((await app.db('sessions').where({ user_id: userId }).count<{ c: number }[]>('* as c'))[0]!.c);

  it('sets up with a base32 secret and an otpauth URL naming the site; nothing is enforced until enabled', async () => {
    const investor = await signUpInvestor(app);
    const setup = await investor.client.post('/api/2fa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe(app.deps.config.operator.siteName);
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect((await signIn(investor.payload.email, investor.payload.password)).status).toBe(200);
    expect((await investor.client.get('/api/2fa')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // Stored encrypted, and never written to the log.
    const row = await app.db('user_two_factor').where({ user_id: investor.user.id }).first();
    expect(row.secret_encrypted).not.toContain(setup.body.secret);
    expect(logLines.join('\n')).not.toContain(setup.body.secret);
  });

  it('a new setup replaces an unconfirmed one; enabling takes the current code and returns 10 recovery codes stored hashed', async () => {
    const investor = await signUpInvestor(app);
    const first = (await investor.client.post('/api/2fa/setup')).body.secret;
    const second = (await investor.client.post('/api/2fa/setup')).body.secret;
    expect(second).not.toBe(first);
    const wrong = await investor.client.post('/api/2fa/enable', { code: totpCode(first, app.clock.now()) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Invalid two-factor code' });
    const enabled = await investor.client.post('/api/2fa/enable', { code: totpCode(second, app.clock.now()) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    const stored = await app.db('two_factor_recovery_codes').where({ user_id: investor.user.id });
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(enabled.body.recoveryCodes).not.toContain(row.code_hash);
    }
    expect((await investor.client.post('/api/2fa/setup')).status).toBe(409);
    expect((await investor.client.get('/api/2fa')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('sign-in then needs the code: 401 without it (no session), 401 when wrong, 200 when right, and never twice', async () => {
    const investor = await signUpInvestor(app);
    const { secret } = await enrolTwoFactor(app, investor.client);
    const { email, password } = investor.payload;
    const before = await sessionCount(investor.user.id);
    const missing = await signIn(email, password);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect(missing.headers.get('set-cookie') ?? '').not.toContain('session=');
    const wrong = await signIn(email, password, wrongCode(secret, app.clock.now()));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid two-factor code' });
    expect(await sessionCount(investor.user.id)).toBe(before);
    // A wrong password with a right code is still the password's answer.
    expect((await signIn(email, 'not the password', totpCode(secret, app.clock.now()))).body.message).toBe(
      'Invalid email or password',
    );
    const code = totpCode(secret, app.clock.now());
    const right = await signIn(email, password, code);
    expect(right.status).toBe(200);
    expect(right.body.token).toBeTruthy();
    const reused = await signIn(email, password, code);
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('Invalid two-factor code');
  });

  it('accepts one step of clock drift either way, not two, and no code older than the last one used', async () => {
    const investor = await signUpInvestor(app);
    const { secret } = await enrolTwoFactor(app, investor.client);
    const { email, password } = investor.payload;
    nextStep(app); // one step clear of the step enrolment used
    const at = (offsetMs: number) => totpCode(secret, new Date(app.clock.now().getTime() + offsetMs));
    expect((await signIn(email, password, at(-60_000))).status).toBe(401);
    expect((await signIn(email, password, at(60_000))).status).toBe(401);
    expect((await signIn(email, password, at(-30_000))).status).toBe(200);
    expect((await signIn(email, password, at(0))).status).toBe(200);
    expect((await signIn(email, password, at(30_000))).status).toBe(200);
    // The phone's next code was used: this step's code is now in the past.
    nextStep(app);
    expect((await signIn(email, password, at(-30_000))).status).toBe(401);
  });

  it('lets exactly one of two concurrent sign-ins with the same code through', async () => {
    const investor = await signUpInvestor(app);
    const { secret } = await enrolTwoFactor(app, investor.client);
    const code = totpCode(secret, app.clock.now());
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => signIn(investor.payload.email, investor.payload.password, code)),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('takes each recovery code once in place of a code', async () => {
    const investor = await signUpInvestor(app);
    const { recoveryCodes } = await enrolTwoFactor(app, investor.client);
    const { email, password } = investor.payload;
    expect((await signIn(email, password, recoveryCodes[3]!.toUpperCase())).status).toBe(200);
    expect((await signIn(email, password, recoveryCodes[3])).status).toBe(401);
    expect((await signIn(email, password, 'aaaaa-bbbbb')).status).toBe(401);
    expect((await investor.client.get('/api/2fa')).body.recoveryCodesLeft).toBe(9);
  });

  it('disables only with the right password and the right code', async () => {
    const investor = await signUpInvestor(app);
    const { secret } = await enrolTwoFactor(app, investor.client);
    const { email, password } = investor.payload;
    const wrongPassword = await investor.client.post('/api/2fa/disable', {
      password: 'wrong password',
      code: totpCode(secret, app.clock.now()),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe('Current password is incorrect');
    const wrongCode = await investor.client.post('/api/2fa/disable', { password, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toBe('Invalid two-factor code');
    expect((await signIn(email, password)).status).toBe(401);
    const disabled = await investor.client.post('/api/2fa/disable', {
      password,
      code: totpCode(secret, app.clock.now()),
    });
    expect(disabled.status).toBe(200);
    expect((await signIn(email, password)).status).toBe(200);
    expect(await app.db('two_factor_recovery_codes').where({ user_id: investor.user.id })).toHaveLength(0);
  });
});

describe('two-factor attempts are rate limited', () => {
  const app = useTestApp({ env: { RATE_LIMITS: 'on' } });

  it('refuses code guesses after 10 in 15 minutes, even with the right code', async () => {
    const investor = await signUpInvestor(app);
    const { secret } = await enrolTwoFactor(app, investor.client);
    // Enrolment's code was the first of the 10.
    for (let attempt = 0; attempt < 9; attempt++) {
      expect(
        (await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin', code: '000000' })).status,
      ).toBe(401);
    }
    const blocked = await investor.client.post('/api/withdrawals', {
      amount: 10,
      method: 'Bitcoin',
      code: totpCode(secret, app.clock.now()),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});

describe('recovery codes can be regenerated', () => {
  const app = useTestApp();

  const signIn = (email: string, password: string, code: string) =>
    app.client().post('/api/signin', { email, password, code });

  it('takes a current code, answers 10 new codes, and the old ones stop working', async () => {
    const investor = await signUpInvestor(app);
    const { secret, recoveryCodes: old } = await enrolTwoFactor(app, investor.client);
    const { email, password } = investor.payload;
    expect((await signIn(email, password, old[0]!)).status).toBe(200);
    const wrong = await investor.client.post('/api/2fa/recovery-codes', { code: wrongCode(secret, app.clock.now()) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Invalid two-factor code' });
    expect((await investor.client.post('/api/2fa/recovery-codes', {})).status).toBe(400);

    const renewed = await investor.client.post('/api/2fa/recovery-codes', { code: totpCode(secret, app.clock.now()) });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    for (const code of fresh) expect(old).not.toContain(code);
    expect((await investor.client.get('/api/2fa')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    for (const code of old.slice(1, 4)) expect((await signIn(email, password, code)).status).toBe(401);
    expect((await signIn(email, password, fresh[0]!)).status).toBe(200);
    const audit = await app
      .db('audit_log')
      .where({ subject_id: investor.user.id, action: 'account.two_factor_recovery_codes' });
    expect(audit).toHaveLength(1);
  });

  it('is refused without two-factor enabled, and a recovery code works as the code once', async () => {
    const plain = await signUpInvestor(app);
    expect((await plain.client.post('/api/2fa/recovery-codes', { code: '123456' })).status).toBe(400);
    expect(await app.db('two_factor_recovery_codes').where({ user_id: plain.user.id })).toHaveLength(0);

    const investor = await signUpInvestor(app);
    const { recoveryCodes } = await enrolTwoFactor(app, investor.client);
    expect((await investor.client.post('/api/2fa/recovery-codes', { code: recoveryCodes[2] })).status).toBe(200);
    expect((await investor.client.post('/api/2fa/recovery-codes', { code: recoveryCodes[2] })).status).toBe(400);
  });
});
