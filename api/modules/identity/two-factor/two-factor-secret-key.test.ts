import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInvestor } from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { enrolTwoFactor, totpCode } from '../../../test/two-factor';

/** The TOTP secret is sealed under a key from JWT_SECRET: a server restarted with another one cannot open it. */
describe('two-factor after JWT_SECRET changed', () => {
  let before: TestApp;
  let after: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    before = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    // Same database, a new random JWT_SECRET (each test app draws its own).
    after = await startTestApp({ env: { RATE_LIMITS: 'off' }, database: before.db, logLines });
  });
  afterAll(async () => {
    await after.close();
    await before.close();
  });

  it('refuses authenticator codes with 401, logs a warning without the secret, and still takes a recovery code', async () => {
    expect(after.deps.config.jwtSecret).not.toBe(before.deps.config.jwtSecret);
    const investor = await signUpInvestor(before);
    const { secret, recoveryCodes } = await enrolTwoFactor(before, investor.client);
    const { email, password } = investor.payload;
    after.clock.advance(60_000);
    const refused = await after
      .client()
      .post('/api/signin', { email, password, code: totpCode(secret, after.clock.now()) });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Invalid two-factor code' });
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => /cannot be decrypted/.test(entry.msg));
    expect(warning).toMatchObject({ level: 40, userId: investor.user.id });
    expect(logLines.join('\n')).not.toContain(secret);
    // The same moment's code under the key it was sealed with passes: the key, not the code, was the problem.
    before.clock.advance(30_000);
    expect(
      (await before.client().post('/api/signin', { email, password, code: totpCode(secret, before.clock.now()) }))
        .status,
    ).toBe(200);

    const recovered = await after.client().post('/api/signin', { email, password, code: recoveryCodes[0] });
    expect(recovered.status).toBe(200);
    // With the recovery code the owner can switch two-factor off and enrol again under the new key.
    const client = after.client(recovered.body.token);
    expect((await client.post('/api/2fa/disable', { password, code: recoveryCodes[1] })).status).toBe(200);
    const again = await enrolTwoFactor(after, client);
    expect(
      (await after.client().post('/api/signin', { email, password, code: totpCode(again.secret, after.clock.now()) }))
        .status,
    ).toBe(200);
  });

  it('answers 400 to enabling a setup started under the old key, and a new setup works', async () => {
    const investor = await signUpInvestor(before);
    const { secret } = (await investor.client.post('/api/2fa/setup')).body;
    const signedIn = await after
      .client()
      .post('/api/signin', { email: investor.payload.email, password: investor.payload.password });
    const client = after.client(signedIn.body.token);
    const stale = await client.post('/api/2fa/enable', { code: totpCode(secret, after.clock.now()) });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: 'Invalid two-factor code' });
    await enrolTwoFactor(after, client);
  });
});
