import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import { sessionLifetimeMs } from '../sessions/sessions.service';

describe('POST /api/signin', () => {
  const app = useTestApp();

  it('signs an investor in with token, referral link and user', async () => {
    const { payload, user } = await signUpInvestor(app);
    const response = await app
      .client()
      .post('/api/signin', { email: payload.email.toUpperCase(), password: payload.password });
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(user.id);
    expect(response.body.referralLink).toMatch(/\/referral\/[A-Z0-9]{8}$/);
    expect((await app.client(response.body.token).get('/api/user')).status).toBe(200);
  });

  it("answers 'Please fill in all fields' when a field is empty", async () => {
    for (const body of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: '', password: '' }]) {
      const response = await app.client().post('/api/signin', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Please fill in all fields' });
    }
  });

  it("answers 401 'Invalid email or password' for a wrong password and an unknown e-mail alike", async () => {
    const { payload } = await signUpInvestor(app);
    const wrong = await app.client().post('/api/signin', { email: payload.email, password: 'wrong password' });
    const unknown = await app.client().post('/api/signin', { email: 'nobody@example.com', password: 'whatever1' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('does not open an investor session with admin credentials', async () => {
    const { email, password } = await signInAdmin(app);
    const response = await app.client().post('/api/signin', { email, password });
    expect(response.status).toBe(401);
  });

  it('lengthens the session with rememberMe', async () => {
    const { payload, user } = await signUpInvestor(app);
    await app.client().post('/api/signin', { ...payload, rememberMe: true });
    const sessions = await app.db('sessions').where({ user_id: user.id }).orderBy('created_at');
    const lifetimes = sessions.map((s) => new Date(s.expires_at).getTime() - new Date(s.created_at).getTime());
    expect(lifetimes).toEqual([sessionLifetimeMs.standard, sessionLifetimeMs.remembered]);
  });
});
