import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s steps. */
export const totpPeriodSeconds = 30;
const driftSteps = 1;

export function totpFor(secretBase32: string, issuer: string, label: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a code belongs to (±1 step of drift), or null when it matches none. */
export function matchingStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code, timestamp: at.getTime(), window: driftSteps });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/** AES-256-GCM under a key derived from the server secret: a copied table alone yields no secrets. */
export function createSecretBox(serverSecret: string) {
  const key = createHash('sha256').update(`two-factor-secret:${serverSecret}`).digest();
  return {
    seal(plain: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    open(stored: string) {
      const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
/** `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet, about 50 bits each. */
export const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
export const normaliseRecoveryCode = (code: string) => {
  const plain = code.trim().toLowerCase().replace(/[\s-]/g, '');
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : null;
};
