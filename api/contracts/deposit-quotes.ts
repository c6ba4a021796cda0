import { z } from 'zod';
import { coinSchema, depositAmount } from './deposits';
import { safeString } from './input-rules';

// On-chain deposit quotes, shared by the API and the PWA: no server-only imports here.

export const depositQuoteRequestSchema = z.object({
  amount: depositAmount,
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

/**
 * One part of a payment and its price: `quote` the coins the quote covers (its USD pro rata, at its rate); `arrival`
 * coins beyond them, or a late payment, at the live rate when the payment was first seen; `quote-cap` coins beyond
 * the quote inside its window when the live rate was higher than the quote's (never above the quote).
 */
export interface QuotePaymentPart {
  basis: 'quote' | 'arrival' | 'quote-cap';
  coinAmount: string;
  /** USD per coin; null while no live rate is known yet. */
  rate: string | null;
  /** USD; null while no live rate is known yet. */
  amount: number | null;
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
  /** How `amount` is made up: at most one part at the quote and one beyond it. */
  parts: QuotePaymentPart[];
  /** The transaction on the chain's block explorer, when the operator configured one. */
  explorerUrl: string | null;
  firstSeenAt: string;
}

export interface DepositQuoteResponse {
  quote: DepositQuote;
  payments: QuotePayment[];
}

/**
 * A wallet restored from the xpub looks at receive addresses in order and stops after `gapLimit` unused ones in a
 * row (Electrum, Sparrow, Ledger Live, BlueWallet: 20): money paid beyond such a run is invisible there.
 */
export interface AddressGap {
  /** The chain's `gapLimit` in operator.config.json: what the operator's wallet is set to. */
  gapLimit: number;
  /** Receive addresses handed out so far (0/0 … 0/issued-1). */
  issued: number;
  /** The longest run of addresses in a row that never received coins, the trailing run included. */
  longestUnusedRun: number;
  /** true when that run reaches the gap limit: the admin page warns and says what to raise. */
  beyondGapLimit: boolean;
}

export interface ChainStatus {
  chain: string;
  addressGap: AddressGap;
  tipHeight: number | null;
  scannedHeight: number | null;
  lag: number | null;
  lastScanAt: string | null;
  lastError: string | null;
}
