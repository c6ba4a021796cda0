import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';

describe('GET /api/session', () => {
  const app = useTestApp();

  it('answers 200 signedIn: false to an anonymous visitor, uncached', async () => {
    const response = await app.client().get('/api/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: false });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("answers an investor's session with the same user data as GET /api/userdata", async () => {
    const { client, payload } = await signUpInvestor(app);
    const response = await client.get('/api/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      signedIn: true,
      role: 'investor',
      userData: (await client.get('/api/userdata')).body.userData,
    });
    expect(response.body.userData.email).toBe(payload.email.toLowerCase());
  });

  it('answers 200 signedIn: false, not 401, for a revoked session, from the header and from the cookie', async () => {
    const { client } = await signUpInvestor(app);
    const cookie = `session=${client.token}`;
    expect((await app.client().get('/api/session', { cookie })).body.signedIn).toBe(true);
    await client.post('/api/signout');
    for (const response of [await client.get('/api/session'), await app.client().get('/api/session', { cookie })]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ signedIn: false });
    }
  });

  it('answers signedIn: false for an expired session and for a token that is not one', async () => {
    const { client } = await signUpInvestor(app);
    app.clock.advance(25 * 3_600_000);
    try {
      expect((await client.get('/api/session')).body).toEqual({ signedIn: false });
    } finally {
      app.clock.advance(-25 * 3_600_000);
    }
    expect((await app.client('not.a.token').get('/api/session')).body).toEqual({ signedIn: false });
  });

  it("names an admin's role without investor data", async () => {
    const { client } = await signInAdmin(app);
    expect((await client.get('/api/session')).body).toEqual({ signedIn: true, role: 'admin' });
  });
});
