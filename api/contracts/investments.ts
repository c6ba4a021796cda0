import { z } from 'zod';
import { positiveDollarsToCents } from './money';

export const buyPlanSchema = z.object({
  planId: z.coerce.number().int().positive(),
  amount: positiveDollarsToCents,
});

export const withdrawalMethods = ['Bitcoin', 'Ethereum', 'USDT'] as const;

export const withdrawalSchema = z.object({
  amount: positiveDollarsToCents,
  method: z.enum(withdrawalMethods, { error: 'Choose Bitcoin, Ethereum or USDT' }),
});

export const approveWithdrawalSchema = z.object({
  txHash: z.string().trim().min(8, 'Enter the transaction hash of the payment').max(200),
});

export const withdrawalStatusSchema = z.object({
  status: z.enum(['pending', 'paid', 'rejected']).optional(),
});
