import { createHmac, randomBytes, randomInt } from 'node:crypto';

export const randomToken = () => randomBytes(32).toString('base64url');
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const referralAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const referralCode = () =>
  Array.from({ length: 8 }, () => referralAlphabet[randomInt(referralAlphabet.length)]).join('');

/** Keyed hash: a leaked table does not let anyone brute-force 6-digit codes offline. */
export const hashSecret = (secret: string, pepper: string) => createHmac('sha256', pepper).update(secret).digest('hex');
