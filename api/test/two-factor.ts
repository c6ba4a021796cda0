import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

/** The 6-digit code an authenticator app would show for this secret at this moment, computed independently. */
export const totpCode = (secret: string, at: Date) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });

/** A 6-digit code that is not this moment's. */
export const wrongCode = (secret: string, at: Date) =>
  String((Number(totpCode(secret, at)) + 1) % 1_000_000).padStart(6, '0');

/** The next 30 s step: a code of the step just used at enrolment or sign-in would be refused as reused. */
export const nextStep = (app: TestApp) => app.clock.advance(30_000);

/** Sets up and enables two-factor for the client's account over HTTP. */
export async function enrolTwoFactor(app: TestApp, client: TestClient) {
  const setup = await client.post('/api/2fa/setup');
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enabled = await client.post('/api/2fa/enable', { code: totpCode(secret, app.clock.now()) });
  expect(enabled.status).toBe(200);
  nextStep(app);
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}
