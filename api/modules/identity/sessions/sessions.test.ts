import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../../test/fixtures';
import { testPublicUrl, useTestApp } from '../../../test/test-app';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('sessions', () => {
  const app = useTestApp();

  it('refuses a token whose payload was tampered with', async () => {
    const { client } = await signUpInvestor(app);
    const [header, payload, signature] = client.token!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${base64url({ ...claims, role: 'admin' })}.${signature}`;
    const response = await app.client(forged).get('/api/userdata');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Session expired or invalid' });
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const { client } = await signUpInvestor(app);
    const claims = decodeJwt(client.token!);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    expect((await app.client(unsigned).get('/api/userdata')).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const { client } = await signUpInvestor(app);
    const claims = decodeJwt(client.token!);
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await app.client(foreign).get('/api/userdata')).status).toBe(401);
  });

  it('refuses a token once it has expired', async () => {
    const { client } = await signUpInvestor(app);
    expect((await client.get('/api/userdata')).status).toBe(200);
    app.clock.advance(25 * 3_600_000);
    try {
      expect((await client.get('/api/userdata')).status).toBe(401);
    } finally {
      app.clock.advance(-25 * 3_600_000);
    }
  });

  it('refuses a revoked session, from the header and from the cookie', async () => {
    const { client } = await signUpInvestor(app);
    const cookie = `session=${client.token}`;
    expect((await app.client().get('/api/userdata', { cookie })).status).toBe(200);
    await client.post('/api/signout');
    expect((await client.get('/api/userdata')).status).toBe(401);
    expect((await app.client().get('/api/userdata', { cookie })).status).toBe(401);
  });

  it('checks the Origin of unsafe requests authenticated by the cookie', async () => {
    const { client } = await signUpInvestor(app);
    const cookie = `session=${client.token}`;
    const change = { address: '1 Main Street' };
    const crossSite = await app
      .client()
      .put('/api/update-profile', change, { cookie, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ message: 'Cross-site request refused' });
    const noOrigin = await app.client().put('/api/update-profile', change, { cookie });
    expect(noOrigin.status).toBe(403);
    const sameSite = await app
      .client()
      .put('/api/update-profile', change, { cookie, headers: { origin: testPublicUrl } });
    expect(sameSite.status).toBe(200);
    // A bearer token is never sent by the browser on its own, so it needs no Origin.
    expect((await client.put('/api/update-profile', change)).status).toBe(200);
  });

  it('keeps an investor out of admin routes with 403, even with a valid session', async () => {
    const { client } = await signUpInvestor(app);
    expect((await client.get('/api/users')).status).toBe(403);
    const { client: admin } = await signInAdmin(app);
    expect((await admin.get('/api/users')).status).toBe(200);
  });
});
