import { z } from 'zod';
import { safeString } from './input-rules';

/** A 6-digit authenticator code or a recovery code (`xxxxx-xxxxx`), as typed. */
export const twoFactorCodeRule = safeString().trim().max(32);

export const enableTwoFactorSchema = z.object({ code: twoFactorCodeRule });

export const disableTwoFactorSchema = z.object({
  password: safeString().min(1, 'Enter your password').max(200),
  code: twoFactorCodeRule,
});
