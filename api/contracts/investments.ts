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

/** The spec's methods, offered by every server (paid by hand where no chain of theirs is configured). */
const specWithdrawalMethods: readonly string[] = ['Bitcoin', 'Ethereum', 'USDT'];

/**
 * Every method a withdrawal may name: the spec's three and the coin of each UTXO chain the operator may configure,
 * named as the deposit page names the coin. Which of them a server offers follows its chains
 * (`offeredWithdrawalMethods`); the service refuses the others.
 */
export const withdrawalMethods = ['Bitcoin', 'Ethereum', 'USDT', 'Litecoin', 'Dogecoin'] as const;
type Method = (typeof withdrawalMethods)[number];

/** The payout address kind each method pays to (the profile's `<kind>Address`): its coin, as the chains config keys it. */
export const payoutKindOfMethod = {
  Bitcoin: 'bitcoin',
  Ethereum: 'ethereum',
  USDT: 'usdt',
  Litecoin: 'litecoin',
  Dogecoin: 'dogecoin',
} as const satisfies Record<Method, string>;

/** The methods offered with these chains: the spec's three, and Litecoin or Dogecoin where its UTXO chain is configured. */
export const offeredWithdrawalMethods = (chains: Readonly<Record<string, { kind: string }>>): Method[] =>
  withdrawalMethods.filter(
    (method) => specWithdrawalMethods.includes(method) || chains[payoutKindOfMethod[method]]?.kind === 'utxo',
  );

export const withdrawalSchema = z.object({
  amount: positiveDollarsToCents,
  method: z.enum(withdrawalMethods, { error: 'Choose a withdrawal method' }),
  /** Required once the investor has two-factor enabled. */
  code: twoFactorCodeRule.optional(),
});

/** Without a hash, a withdrawal paid on chain has its coin amount fixed; one paid by hand needs the hash. */
export const approveWithdrawalSchema = z.object({
  txHash: safeString().trim().min(8, 'Enter the transaction hash of the payment').max(200).optional(),
});

export const withdrawalStatusSchema = z.object({
  status: z.enum(['pending', 'approved', 'in_batch', 'broadcast', 'paid', 'rejected']).optional(),
});
