import { z } from 'zod';
import { twoFactorCodeRule } from './two-factor';
import { intId, safeString } from './input-rules';
import { positiveDollarsToCents } from './money';

export const buyPlanSchema = z.object({
  planId: intId,
  /** The plan's `version` on the page the investor bought from: 409 with the new terms when they changed since. */
  planVersion: intId,
  amount: positiveDollarsToCents,
});

export const withdrawalMethods = ['Bitcoin', 'Ethereum', 'USDT'] as const;

export const withdrawalSchema = z.object({
  amount: positiveDollarsToCents,
  method: z.enum(withdrawalMethods, { error: 'Choose Bitcoin, Ethereum or USDT' }),
  /** Required once the investor has two-factor enabled. */
  code: twoFactorCodeRule.optional(),
});

/** Without a hash, a withdrawal paid on chain has its coin amount fixed; one paid by hand needs the hash. */
export const approveWithdrawalSchema = z.object({
  txHash: safeString().trim().min(8, 'Enter the transaction hash of the payment').max(200).optional(),
});

export const withdrawalStatusSchema = z.object({
  status: z.enum(['pending', 'approved', 'broadcast', 'paid', 'rejected']).optional(),
});
