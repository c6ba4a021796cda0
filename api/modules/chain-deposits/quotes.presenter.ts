import type { ChainsConfig } from '../../config/chains';
import type { DepositQuote, DepositQuoteResponse, QuotePayment } from '../../contracts/deposit-quotes';
import { centsToDollars } from '../../contracts/money';
import { centsForUnits, coinText, proRataCents } from './amounts';
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
    rate: row.rate.replace(/\.?0+$/, ''),
    rateAsOf: new Date(row.rate_as_of).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    paymentUri: info ? paymentUri(info, row.address, units, coinAmount) : '',
  };
}

function presentPayment(row: QuotePaymentRow, quote: QuoteRow, chains: ChainsConfig): QuotePayment {
  const config = chains[quote.chain];
  const { decimals } = row;
  const units = BigInt(row.units);
  const onChain = row.status !== 'orphaned' && row.block_height !== null && row.scanned_height !== null;
  const estimate =
    row.rate === null
      ? null
      : row.priced_by_quote
        ? proRataCents(units, BigInt(quote.coin_units), Number(quote.amount_cents))
        : centsForUnits(units, row.rate, decimals);
  const cents = row.credited_cents ?? estimate;
  return {
    txHash: row.tx_hash,
    index: row.output_index,
    coinAmount: coinText(units, decimals),
    confirmations: onChain ? Math.max(0, Number(row.scanned_height) - Number(row.block_height) + 1) : 0,
    required: config?.confirmations ?? 0,
    status: row.status,
    amount: cents === null ? null : centsToDollars(Number(cents)),
    explorerUrl: config?.explorerTxUrl?.replace('{tx}', row.tx_hash) ?? null,
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
