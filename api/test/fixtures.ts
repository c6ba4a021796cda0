import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import { createAdminService } from '../modules/admin/admin.service';
import { useTestApp, type TestApp, type TestAppOptions } from './test-app';
import type { TestClient } from './test-client';

/** The terms version operator.config.json names: every sign-up of the tests accepts it (issue 37). */
export const testTermsVersion = '2026-11-01';

export const uniqueEmail = (prefix = 'investor') => `${prefix}.${randomBytes(4).toString('hex')}@example.com`;

export const validSignup = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail(),
  phoneNumber: '+44 20 7946 0958',
  country: 'United Kingdom',
  password: 'correct horse battery',
  acceptedTermsVersion: testTermsVersion,
  ...overrides,
});

/** Signs an investor up over HTTP and returns a client that carries their token. */
export async function signUpInvestor(app: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = validSignup(overrides);
  const client = app.client();
  const response = await client.post('/api/signup', payload);
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  client.token = response.body.token;
  return { client, payload, user: response.body.user, referralLink: response.body.referralLink as string };
}

export async function signInAdmin(app: TestApp, email = uniqueEmail('admin'), password = 'admin password 1') {
  await createAdminService(app.deps).addAdmin(null, email, password, 'Test Admin');
  const client: TestClient = app.client();
  const response = await client.post('/api/admin/login', { email, password });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status}`);
  client.token = response.body.token;
  return { client, email, password, adminId: response.body.adminId as string };
}

export interface AdminAppSetup {
  app: TestApp;
  /** A client signed in as a freshly added admin. */
  admin: TestClient;
  adminId: string;
  adminEmail: string;
}

/**
 * A test app for the tests of the surrounding file or `describe` (see `useTestApp`) with an admin signed in. The
 * fields are filled in by `beforeAll`: read them inside tests and hooks, not at declaration time.
 */
export function useAdminApp(options: TestAppOptions = {}): AdminAppSetup {
  const setup = { app: useTestApp(options) } as AdminAppSetup;
  beforeAll(async () => {
    const signedIn = await signInAdmin(setup.app);
    Object.assign(setup, { admin: signedIn.client, adminId: signedIn.adminId, adminEmail: signedIn.email });
  });
  return setup;
}

/** The newest mail sent to an address, read from the outbox like a developer would. */
export async function lastMailTo(app: TestApp, to: string) {
  await app.deps.background.settled();
  return app
    .db('mail_outbox')
    .where({ to_address: to.toLowerCase() })
    .orderBy('id', 'desc')
    .first<{ subject: string; body: string }>();
}
