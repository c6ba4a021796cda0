import { z } from 'zod';
import { safeString } from './input-rules';
import { positiveDollarsToCents } from './money';

/** Identity levels: 0 e-mail verified, 1 identity approved (issue 37). */
export const kycLevels = [0, 1] as const;

const levelInConfig = z.object({
  deposit: z.number().positive().multipleOf(0.01),
  withdrawal: z.number().positive().multipleOf(0.01),
});

/** USD per rolling 30 days, as operator.config.json's `kycLimits` gives them; level 1 at least level 0. */
export const kycLimitsSchema = z
  .object({ level0: levelInConfig, level1: levelInConfig })
  .refine(
    ({ level0, level1 }) => level1.deposit >= level0.deposit && level1.withdrawal >= level0.withdrawal,
    'Level 1 limits must be at least those of level 0',
  );
export type KycLimitsConfig = z.infer<typeof kycLimitsSchema>;

export const defaultKycLimits: KycLimitsConfig = {
  level0: { deposit: 1_000, withdrawal: 500 },
  level1: { deposit: 50_000, withdrawal: 25_000 },
};

const levelUpdate = z.object({ deposit: positiveDollarsToCents, withdrawal: positiveDollarsToCents });

/** PUT /api/admin/kyc-limits: the limits of both levels in dollars (to cents), level 1 at least level 0. */
export const kycLimitsUpdateSchema = z
  .object({ level0: levelUpdate, level1: levelUpdate })
  .superRefine(({ level0, level1 }, ctx) => {
    if (level1.deposit < level0.deposit)
      ctx.addIssue({ code: 'custom', path: ['level1', 'deposit'], message: 'Must be at least the level 0 limit' });
    if (level1.withdrawal < level0.withdrawal)
      ctx.addIssue({ code: 'custom', path: ['level1', 'withdrawal'], message: 'Must be at least the level 0 limit' });
  });
export type KycLimitsUpdate = z.infer<typeof kycLimitsUpdateSchema>;

/** POST /api/admin/fund-holds/:id/release: why the admin releases it (kept in the audit). */
export const releaseHoldSchema = z.object({
  note: safeString().trim().min(1, 'Say why the money is released').max(500),
});

/** A deposit's money held (GET /api/fund-holds, GET /api/admin/users/:id/fund-holds). */
export type FundHold = {
  id: string;
  amount: number;
  reason: 'kyc_limit' | 'sanctions';
  createdAt: string;
  releasedAt: string | null;
  /** Null for a release by the investor's level rising; an admin's release by hand says so. */
  releasedByAdmin: boolean;
};

/** Each level's limits in dollars per rolling 30 days (GET and PUT /api/admin/kyc-limits). */
export type KycLimitTable = {
  level0: { deposit: number; withdrawal: number };
  level1: { deposit: number; withdrawal: number };
};
