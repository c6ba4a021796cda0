import { explorerTxLink, type ChainsConfig } from '../../config/chains';
import type {
  DepositQuote,
  DepositQuoteResponse,
  QuotePayment,
  QuotePaymentPart,
} from '../../contracts/deposit-quotes';
import { centsToDollars } from '../../contracts/money';
import { coinText, lowerRate, paymentCents, rateShown } from './amounts';
import type { ChainCoinInfo } from './chain-coins';
import { paymentUri } from './payment-uri';
import type { QuotePaymentRow, QuoteRow } from './quotes.repo';

export function presentQuote(row: QuoteRow, info: ChainCoinInfo | undefined): DepositQuote {
  const units = BigInt(row.coin_units);
  const coinAmount = coinText(units, row.decimals);
  return {
    id: row.id,
    coin: row.coin,
    chain: row.chain,
    address: row.address,
    coinAmount,
    amount: centsToDollars(Number(row.amount_cents)),
    rate: rateShown(row.rate),
    rateAsOf: new Date(row.rate_as_of).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    paymentUri: info ? paymentUri(info, row.address, units, coinAmount) : '',
  };
}

/** A payment's parts as priced (see QuotePaymentPart), from its stored split and rate. */
export function paymentParts(
  row: { units: string; quoted_units: string; decimals: number; rate: string | null; priced_by_quote: boolean },
  quote: { coin_units: string; amount_cents: number; rate: string },
) {
  const units = BigInt(row.units);
  const quotedUnits = BigInt(row.quoted_units);
  const priced = paymentCents(
    { units, quotedUnits, rate: row.rate, decimals: row.decimals },
    { coinUnits: BigInt(quote.coin_units), amountCents: Number(quote.amount_cents) },
  );
  const parts: QuotePaymentPart[] = [];
  if (quotedUnits > 0n)
    parts.push({
      basis: 'quote',
      coinAmount: coinText(quotedUnits, row.decimals),
      rate: rateShown(quote.rate),
      amount: centsToDollars(priced.quoted),
    });
  if (units > quotedUnits) {
    const capped = row.priced_by_quote && row.rate !== null && lowerRate(row.rate, quote.rate) === quote.rate;
    parts.push({
      basis: capped ? 'quote-cap' : 'arrival',
      coinAmount: coinText(units - quotedUnits, row.decimals),
      rate: row.rate === null ? null : rateShown(row.rate),
      amount: priced.beyond === null ? null : centsToDollars(priced.beyond),
    });
  }
  return { parts, cents: priced.total };
}

function presentPayment(row: QuotePaymentRow, quote: QuoteRow, chains: ChainsConfig): QuotePayment {
  const config = chains[quote.chain];
  const { decimals } = row;
  const units = BigInt(row.units);
  const onChain = row.status !== 'orphaned' && row.block_height !== null && row.scanned_height !== null;
  const { parts, cents: estimate } = paymentParts(row, quote);
  const cents = row.credited_cents ?? estimate;
  return {
    txHash: row.tx_hash,
    index: row.output_index,
    coinAmount: coinText(units, decimals),
    confirmations: onChain ? Math.max(0, Number(row.scanned_height) - Number(row.block_height) + 1) : 0,
    required: config?.confirmations ?? 0,
    status: row.status,
    amount: cents === null ? null : centsToDollars(Number(cents)),
    parts,
    explorerUrl: explorerTxLink(config, row.tx_hash),
    firstSeenAt: new Date(row.first_seen_at).toISOString(),
  };
}

export const presentQuoteWithPayments = (
  found: { quote: QuoteRow; payments: QuotePaymentRow[]; info: ChainCoinInfo | undefined },
  chains: ChainsConfig,
): DepositQuoteResponse => ({
  quote: presentQuote(found.quote, found.info),
  payments: found.payments.map((row) => presentPayment(row, found.quote, chains)),
});
