import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { adminExists } from '../identity/user-tables.api';
import { createAdminService } from './admin.service';

/** The admin a first start made: `generatedPassword` only when it was generated (development), for printing once. */
export type CreatedAdmin = { email: string; generatedPassword?: string };

/**
 * The first start creates an admin when none exists: from ADMIN_EMAIL/ADMIN_PASSWORD, or in development with a
 * generated password that `npm start` prints this once (never logged). Null when an admin exists.
 */
export async function ensureAdmin(deps: AppDeps): Promise<CreatedAdmin | null> {
  const { db, config } = deps;
  if (await adminExists(db)) return null;
  const { ADMIN_EMAIL, ADMIN_PASSWORD, NODE_ENV } = config.env;
  if (!ADMIN_PASSWORD && NODE_ENV === 'production') {
    throw new Error('No admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD for the first start in production.');
  }
  const email = (ADMIN_EMAIL ?? 'admin@example.com').toLowerCase();
  const password = ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await createAdminService(deps).addAdmin(null, email, password, 'Administrator');
  return ADMIN_PASSWORD ? { email } : { email, generatedPassword: password };
}
