import { z } from 'zod';

/** A fee rate in satoshis (litoshis) per virtual byte, as wallets and the node's estimatesmartfee state it. */
const feeRate = z
  .number({ error: 'Give the fee rate in sat/vB' })
  .int('Give the fee rate in whole sat/vB')
  .min(1, 'The fee rate is at least 1 sat/vB')
  .max(10_000, 'A fee rate above 10,000 sat/vB is surely a mistake');

const chain = z.string({ error: 'Choose a chain' }).regex(/^[a-z][a-z0-9-]{0,30}$/, 'Choose a configured chain');

/** POST /api/admin/payout-batches and …/preview: the chain, which approved withdrawals (default: all), the fee rate. */
export const payoutBatchSchema = z.object({
  chain,
  withdrawalIds: z
    .array(z.uuid('Not a withdrawal id'), { error: 'withdrawalIds is a list of withdrawal ids' })
    .min(1, 'Choose at least one withdrawal')
    .max(500, 'A batch pays at most 500 withdrawals')
    .optional(),
  feeRate: feeRate.optional(),
});
export type PayoutBatchInput = z.infer<typeof payoutBatchSchema>;

/** POST /api/admin/payout-batches/:id/signed: the PSBT the operator's wallet signed, base64. */
export const signedBatchSchema = z.object({
  psbt: z
    .string({ error: 'Paste or upload the signed PSBT' })
    .trim()
    .min(1, 'Paste or upload the signed PSBT')
    .max(2_000_000, 'This PSBT is too large')
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'The signed PSBT must be base64 text (or the .psbt file)'),
});

/** POST /api/admin/payout-batches/:id/bump: the replacement's higher fee rate. */
export const bumpBatchSchema = z.object({ feeRate });

/** GET /api/admin/payout-batches?chain= */
export const payoutBatchListSchema = z.object({ chain: chain.optional() });
