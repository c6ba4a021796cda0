import { describe, expect, it } from 'vitest';
import { signUpInvestor, uniqueEmail, validSignup } from '../../../test/fixtures';
import { startTestApp, testPublicUrl, useTestApp } from '../../../test/test-app';

describe('POST /api/signup', () => {
  const app = useTestApp();

  it('creates an investor, a session and a referral link', async () => {
    const payload = validSignup({ email: 'Mixed.Case@Example.com', country: 'Czechia', phoneNumber: '601 123 456' });
    const response = await app.client().post('/api/signup', payload);
    expect(response.status).toBe(201);
    const { user, token, referralLink } = response.body;
    expect(user).toMatchObject({
      email: 'mixed.case@example.com',
      country: 'CZ',
      phoneNumber: '+420601123456',
      emailVerified: false,
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(referralLink).toBe(`${testPublicUrl}/referral/${user.referralCode}`);
    expect(response.headers.get('set-cookie')).toMatch(/session=.+; path=\/; expires=.+; samesite=lax; httponly/i);
    const me = await app.client(token).get('/api/userdata');
    expect(me.body).toEqual({
      userData: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'mixed.case@example.com',
        referralCode: user.referralCode,
        referralsCount: 0,
        emailVerified: false,
      },
    });
  });

  it('accepts the country as an alpha-2 code or an alias of the select', async () => {
    for (const [country, code] of [
      ['de', 'DE'],
      ['Eswatini', 'SZ'],
      ['Myanmar', 'MM'],
      ['Holy See', 'VA'],
      ['Palestine State', 'PS'],
    ]) {
      const { user } = await signUpInvestor(app, { country, phoneNumber: '+14155552671' });
      expect(user.country).toBe(code);
    }
  });

  it("answers 'Email is already registered', comparing e-mails case-insensitively", async () => {
    const email = uniqueEmail();
    await signUpInvestor(app, { email });
    const response = await app.client().post('/api/signup', validSignup({ email: email.toUpperCase() }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Email is already registered' });
  });

  it.each(['firstName', 'lastName', 'email', 'phoneNumber', 'country', 'password'])(
    "answers 'All fields are required' when %s is missing or blank",
    async (field) => {
      for (const value of [undefined, '', '   ']) {
        const response = await app.client().post('/api/signup', validSignup({ [field]: value }));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'All fields are required' });
      }
    },
  );

  it("answers 'Invalid referral code' for an unknown code", async () => {
    const response = await app.client().post('/api/signup', validSignup({ referralCode: 'NOPE1234' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Invalid referral code' });
  });

  it('gives per-field errors for a bad e-mail, short password, unknown country and bad phone', async () => {
    const response = await app.client().post(
      '/api/signup',
      validSignup({
        email: 'not-an-email',
        password: 'short',
        country: 'Atlantis',
        phoneNumber: '12',
      }),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['country', 'email', 'password', 'phoneNumber']);
    expect(response.body.errors.password).toBe('Password must be at least 8 characters');
  });

  it('lets exactly 5 of 10 racing sign-ups use one referral code', async () => {
    const referrer = await signUpInvestor(app);
    const code = referrer.user.referralCode;
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.client().post('/api/signup', validSignup({ referralCode: code.toLowerCase() })),
      ),
    );
    const won = attempts.filter((response) => response.status === 201);
    const refused = attempts.filter((response) => response.status === 400);
    expect(won).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const response of refused) expect(response.body).toEqual({ message: 'Referral limit reached' });
    const data = await referrer.client.get('/api/userdata');
    expect(data.body.userData.referralsCount).toBe(5);
  });

  it('mails a 6-digit verification code that is stored only as a hash', async () => {
    const { payload, user } = await signUpInvestor(app);
    const mail = await app.db('mail_outbox').where({ to_address: payload.email }).first();
    const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
    expect(code).toBeDefined();
    const stored = await app.db('auth_tokens').where({ user_id: user.id, purpose: 'verify_email' }).first();
    expect(stored.token_hash).not.toContain(code);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the session cookie Secure whenever PUBLIC_URL is https, also when TLS ended at a silent proxy', async () => {
    const httpsApp = await startTestApp({
      env: { RATE_LIMITS: 'off', TRUST_PROXY: 'off', PUBLIC_URL: 'https://invest.example.com' },
    });
    try {
      const response = await httpsApp.client().post('/api/signup', validSignup());
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toMatch(/session=.+;.*\bsecure\b/i);
      const signout = await httpsApp.client(response.body.token).post('/api/signout');
      expect(signout.headers.get('set-cookie')).toMatch(/session=;.*\bsecure\b/i);
    } finally {
      await httpsApp.close();
    }
    const plain = await app.client().post('/api/signup', validSignup());
    expect(plain.headers.get('set-cookie')).not.toMatch(/\bsecure\b/i);
  });
});
