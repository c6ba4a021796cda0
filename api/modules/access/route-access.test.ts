import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { expectedAccess } from '../../test/expected-access';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

const samplePath = (path: string, adminId: string) =>
  path.replace(':adminId', adminId).replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('route access table', () => {
  let anonymous: TestClient;
  let investor: TestClient;
  let admin: TestClient;
  let adminId: string;

  const app = useTestApp();
  beforeAll(async () => {
    anonymous = app.client();
    investor = (await signUpInvestor(app)).client;
    ({ client: admin, adminId } = await signInAdmin(app));
  });

  it('lists every registered /api route', () => {
    const registered = app.routeTable.map((route) => `${route.method} ${route.path} ${route.access}`).sort();
    const expected = expectedAccess.map(([method, path, access]) => `${method} ${path} ${access}`).sort();
    expect(registered).toEqual(expected);
  });

  // Sign-out ends the caller's session, so it runs last with throwaway sessions below.
  const guarded = expectedAccess.filter(([, path, access]) => access !== 'public' && path !== '/api/signout');

  it.each(guarded)('%s %s (%s) refuses anonymous callers with 401', async (method, path) => {
    const response = await anonymous.request(method.toUpperCase(), samplePath(path, adminId), { json: {} });
    expect(response.status).toBe(401);
  });

  it.each(guarded.filter(([, , access]) => access === 'admin'))(
    '%s %s refuses an investor with 403',
    async (method, path) => {
      const response = await investor.request(method.toUpperCase(), samplePath(path, adminId), { json: {} });
      expect(response.status).toBe(403);
    },
  );

  it.each(guarded.filter(([, , access]) => access === 'investor'))(
    '%s %s refuses an admin with 403',
    async (method, path) => {
      const response = await admin.request(method.toUpperCase(), samplePath(path, adminId), { json: {} });
      expect(response.status).toBe(403);
    },
  );

  it.each(guarded)('%s %s lets its own role past the guard', async (method, path, access) => {
    const caller = access === 'admin' ? admin : investor;
    const response = await caller.request(method.toUpperCase(), samplePath(path, adminId), { json: {} });
    // Past the guard the route judges the (empty) body itself: anything but 401/403.
    expect([401, 403]).not.toContain(response.status);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
  });

  it('answers that carry a token are never stored; public reads keep their own policy', async () => {
    const signup = await signUpInvestor(app);
    const signin = await anonymous.post('/api/signin', {
      email: signup.payload.email,
      password: signup.payload.password,
    });
    const adminLogin = await signInAdmin(app);
    const login = await anonymous.post('/api/admin/login', { email: adminLogin.email, password: adminLogin.password });
    for (const response of [signin, login]) {
      expect(response.body.token).toBeTruthy();
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const signupAgain = await anonymous.post('/api/signup', { ...signup.payload, email: `x.${signup.payload.email}` });
    expect(signupAgain.headers.get('cache-control')).toBe('no-store');
    expect((await investor.get('/api/user')).headers.get('cache-control')).toBe('no-store');
    expect((await anonymous.get('/api/config')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('sign-out needs a session and ends it', async () => {
    expect((await anonymous.post('/api/signout')).status).toBe(401);
    const { client } = await signUpInvestor(app);
    expect((await client.post('/api/signout')).status).toBe(200);
    expect((await client.get('/api/userdata')).status).toBe(401);
  });
});
