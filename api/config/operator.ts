import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { chainsSchema } from './chains';
import { defaultKycLimits, kycLimitsSchema } from '../contracts/kyc-limits';
import { ConfigError } from './env';
import { findPrivateKey } from './extended-keys';

export const acceptedCoins = [
  'bitcoin',
  'ethereum',
  'tron',
  'dogecoin',
  'litecoin',
  'bnb',
  'cardano',
  'solana',
  'usdt',
  'shiba',
] as const;
export type Coin = (typeof acceptedCoins)[number];

const walletShape = Object.fromEntries(acceptedCoins.map((coin) => [coin, z.string().min(1)])) as Record<
  Coin,
  z.ZodString
>;

export const operatorSchema = z.object({
  siteName: z.string().min(1),
  supportEmail: z.email(),
  supportPhone: z.string().default(''),
  postalAddress: z.string().min(1),
  wallets: z.object(walletShape),
  chatWidgetScriptUrl: z.union([z.literal(''), z.url()]).default(''),
  messagingLink: z.union([z.literal(''), z.url()]).default(''),
  mapsApiKey: z.string().default(''),
  referralBonusRate: z.number().min(0).max(1).default(0.05),
  marketApiBaseUrl: z.url(),
  team: z.object({ manager: z.string(), finance: z.string(), analyst: z.string() }),
  marketingClaims: z.object({ creditLimit: z.string().default(''), cashBack: z.string().default('') }),
  /**
   * Sanctioned-address files per coin (`bitcoin`, `ethereum`, `usdt`, `litecoin`, `dogecoin`: one address a line, `#`
   * comments), loaded into the database at start and again within a minute of a change; the admin desk can upload too.
   */
  sanctionsLists: z
    .partialRecord(z.enum(['bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin']), z.string().trim().min(1))
    .default({}),
  /** Every admin must enrol in two-factor; one who has not is held at enrolment after login. */
  requireAdminTwoFactor: z.boolean().default(false),
  /**
   * USD limits per rolling 30 days for each identity level (0: e-mail verified, 1: identity approved), on deposits
   * credited and withdrawals requested; the admin desk's edits (stored in the database) override them.
   */
  kycLimits: kycLimitsSchema.default(defaultKycLimits),
  /** The version of the terms and risk disclosure (locales/<lang>/terms.json) investors must accept; bump it when they change. */
  termsVersion: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/)
    .default('2026-11-01'),
  /** Chains watched for deposits to addresses derived from the operator's extended public keys. */
  chains: chainsSchema,
});

export type OperatorConfig = z.infer<typeof operatorSchema>;

export const isPlaceholderWallet = (address: string) => address.startsWith('PLACEHOLDER');

export function loadOperatorConfig(path: string): OperatorConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read operator config ${path}: ${(error as Error).message}`);
  }
  const privateKeyAt = findPrivateKey(raw);
  if (privateKeyAt)
    throw new ConfigError(
      `Refusing to start: ${path} holds a private key at ${privateKeyAt}; give the wallet's account-level extended public key (xpub) instead.`,
    );
  const result = operatorSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid operator config ${path}:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The part of the operator config the browser may see (everything but nothing secret lives here). */
export function publicOperatorConfig(operator: OperatorConfig) {
  const {
    siteName,
    supportEmail,
    supportPhone,
    postalAddress,
    wallets,
    chatWidgetScriptUrl,
    messagingLink,
    mapsApiKey,
    referralBonusRate,
    team,
    marketingClaims,
  } = operator;
  return {
    siteName,
    supportEmail,
    supportPhone,
    postalAddress,
    wallets,
    chatWidgetScriptUrl,
    messagingLink,
    mapsApiKey,
    referralBonusRate,
    team,
    marketingClaims,
  };
}
