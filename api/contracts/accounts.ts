import { z } from 'zod';
import { safeString } from './input-rules';
import { twoFactorCodeRule } from './two-factor';

// Request shapes shared by the API and the PWA's forms: no server-only imports here.

const text = (max: number) => safeString().trim().max(max, `must be at most ${max} characters`);
export const passwordRule = safeString().min(8, 'Password must be at least 8 characters').max(200);
export const emailRule = safeString()
  .trim()
  .toLowerCase()
  .pipe(z.email('Email address is not valid'))
  .pipe(z.string().max(254));

/** How long a mailed e-mail verification code works: the mail, the dashboard's banner and the server say the same. */
export const verificationCodeLifetimeMinutes = 15;

export const signupRequiredFields = ['firstName', 'lastName', 'email', 'phoneNumber', 'country', 'password'] as const;

export const signupSchema = z.object({
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  email: emailRule,
  phoneNumber: text(40).min(1),
  country: text(100).min(1),
  password: passwordRule,
  referralCode: text(32).optional().nullable(),
  /** The version of the terms and risk disclosure the sign-up page showed and the investor accepted (issue 37). */
  acceptedTermsVersion: text(40).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const signinSchema = z.object({
  email: safeString().trim().toLowerCase().max(254),
  password: safeString().max(200),
  rememberMe: z.boolean().optional(),
  /** The authenticator or recovery code, once the account has two-factor enabled. */
  code: twoFactorCodeRule.optional(),
});

const optionalText = (max: number) => text(max).optional().nullable();

export const profileSchema = z
  .object({
    firstName: text(100).min(1, 'First name cannot be empty').optional(),
    lastName: text(100).min(1, 'Last name cannot be empty').optional(),
    email: emailRule.optional(),
    phoneNumber: optionalText(40),
    country: optionalText(100),
    address: optionalText(300),
    bankName: optionalText(120),
    accountName: optionalText(120),
    accountNumber: optionalText(64),
    swiftCode: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'SWIFT code must be 8 or 11 letters and digits'),
      ])
      .optional()
      .nullable(),
    bitcoinAddress: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/, 'Not a valid Bitcoin address'),
      ])
      .optional()
      .nullable(),
    ethereumAddress: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^0x[0-9a-fA-F]{40}$/, 'Not a valid Ethereum address'),
      ])
      .optional()
      .nullable(),
    usdtAddress: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'Not a valid USDT (TRC20) address'),
      ])
      .optional()
      .nullable(),
    // Offered with their chain only; the server also decodes them for the chain's network (mainnet, testnet, regtest).
    litecoinAddress: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(
            /^((ltc|tltc|rltc)1[02-9ac-hj-np-z]{11,87}|[LM3mnQ2][1-9A-HJ-NP-Za-km-z]{25,34})$/,
            'Not a valid Litecoin address',
          ),
      ])
      .optional()
      .nullable(),
    dogecoinAddress: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^[DA9nm2][1-9A-HJ-NP-Za-km-z]{25,34}$/, 'Not a valid Dogecoin address'),
      ])
      .optional()
      .nullable(),
    /** Required when `email` changes. */
    currentPassword: safeString().max(200).optional(),
    /** Two-factor code: required to change an existing payout address once two-factor is enabled. */
    code: twoFactorCodeRule.optional(),
  })
  .strict();
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z.object({
  email: safeString().trim().toLowerCase(),
  oldPassword: safeString().min(1, 'Current password is required'),
  newPassword: passwordRule,
  confirmPassword: safeString(),
});

export const verifyEmailSchema = z.object({
  email: safeString().trim().toLowerCase().max(254),
  verificationCode: safeString()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});

export const emailOnlySchema = z.object({ email: emailRule });

export const restoreEmailSchema = z.object({ token: safeString().min(20).max(200) });

export const resetConfirmSchema = z.object({
  token: safeString().min(20).max(200),
  newPassword: passwordRule,
});
