import { z } from 'zod';
import { coinSchema, minimumDepositCents } from './deposits';
import { safeString } from './input-rules';
import { dollarsToCents } from './money';

// On-chain deposit quotes, shared by the API and the PWA: no server-only imports here.

export const depositQuoteRequestSchema = z.object({
  amount: dollarsToCents.refine(
    (cents) => cents >= minimumDepositCents,
    'Please enter a valid deposit amount (minimum $50).',
  ),
  coin: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), coinSchema),
});
export type DepositQuoteRequest = z.input<typeof depositQuoteRequestSchema>;

/** POST /api/admin/chain-incidents/:id/resolve: what the operator found and did. */
export const resolveIncidentSchema = z.object({
  resolution: safeString().trim().min(1, 'Say what was found and done').max(1000),
});

export type ChainPaymentStatus = 'seen' | 'confirming' | 'credited' | 'orphaned';

export interface DepositQuote {
  id: string;
  coin: string;
  chain: string;
  address: string;
  /** In whole coins, as a decimal string (never a float). */
  coinAmount: string;
  /** USD. */
  amount: number;
  /** USD per coin. */
  rate: string;
  rateAsOf: string;
  createdAt: string;
  expiresAt: string;
  /** BIP21 (`litecoin:addr?amount=`) or EIP-681 (`ethereum:addr?value=`), for a QR code. */
  paymentUri: string;
}

export interface QuotePayment {
  txHash: string;
  /** The output (UTXO vout; EVM: -1 for the native value, else the token transfer's position in its transaction). */
  index: number;
  coinAmount: string;
  confirmations: number;
  required: number;
  status: ChainPaymentStatus;
  /** USD credited, or to be credited at the payment's rate; null while no rate is known. */
  amount: number | null;
  /** The transaction on the chain's block explorer, when the operator configured one. */
  explorerUrl: string | null;
  firstSeenAt: string;
}

export interface DepositQuoteResponse {
  quote: DepositQuote;
  payments: QuotePayment[];
}

export interface ChainStatus {
  chain: string;
  tipHeight: number | null;
  scannedHeight: number | null;
  lag: number | null;
  lastScanAt: string | null;
  lastError: string | null;
}
