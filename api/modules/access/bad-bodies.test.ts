import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { expectedAccess } from '../../test/expected-access';
import { startTestApp, type TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

const unsafeRoutes = expectedAccess.filter(([method]) => method !== 'get');
const sample = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('bad bodies get a clear 4xx, never a 5xx', () => {
  let app: TestApp;
  let investor: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    investor = (await signUpInvestor(app)).client;
    admin = (await signInAdmin(app)).client;
  });
  afterAll(() => app.close());

  const callerFor = (access: string) => (access === 'admin' ? admin : investor);
  const wrongTypes = { email: 42, password: ['x'], firstName: {}, newPassword: true, rememberMe: 'yes', verificationCode: 7, token: 1 };

  it.each(unsafeRoutes.filter(([, path]) => path !== '/api/signout'))('%s %s', async (method, path, access) => {
    const caller = callerFor(access);
    const send = (body: string, contentType = 'application/json') =>
      caller.request(method.toUpperCase(), sample(path), { body, headers: { 'content-type': contentType } });

    const malformed = await send('{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed request body' });

    const oversized = await send(JSON.stringify({ email: 'a'.repeat(200_000) }));
    expect(oversized.status).toBe(413);
    expect(oversized.body).toEqual({ message: 'Request body too large' });

    for (const body of [JSON.stringify(wrongTypes), '[]', '"text"', 'null']) {
      const response = await send(body);
      expect(response.status, `${body} → ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.message).toBe('string');
    }
  });
});
