import { explorerTxLink, type ChainsConfig } from '../../config/chains';
import type { AdminChainPayment, ChainIncident } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import { coinText } from './amounts';
import type { AdminPaymentRow, IncidentRow } from './chain-admin.repo';
import { paymentParts } from './quotes.presenter';

export function presentAdminPayment(row: AdminPaymentRow, chains: ChainsConfig): AdminChainPayment {
  const config = chains[row.chain];
  const onChain = row.status !== 'orphaned' && row.block_height !== null && row.scanned_height !== null;
  // Every payment the watcher records has its quote; a row without one shows what was credited, unsplit.
  const { parts, cents } =
    row.quote_coin_units === null || row.quote_amount_cents === null || row.quote_rate === null
      ? { parts: [], cents: null }
      : paymentParts(row, {
          coin_units: row.quote_coin_units,
          amount_cents: row.quote_amount_cents,
          rate: row.quote_rate,
        });
  const amountCents = row.credited_cents ?? cents;
  return {
    id: String(row.id),
    chain: row.chain,
    coin: row.coin,
    txHash: row.tx_hash,
    index: row.output_index,
    user: { id: row.user_id, email: row.user_email },
    quoteId: row.quote_id,
    coinAmount: coinText(row.units, row.decimals),
    status: row.status,
    confirmations: onChain ? Math.max(0, Number(row.scanned_height) - Number(row.block_height) + 1) : 0,
    required: config?.confirmations ?? 0,
    amount: amountCents === null ? null : centsToDollars(Number(amountCents)),
    parts,
    explorerUrl: explorerTxLink(config, row.tx_hash),
    firstSeenAt: new Date(row.first_seen_at).toISOString(),
    creditedAt: row.credited_at ? new Date(row.credited_at).toISOString() : null,
  };
}

export const presentIncident = (row: IncidentRow): ChainIncident => ({
  id: String(row.id),
  chain: row.chain,
  kind: row.kind,
  paymentId: row.payment_id === null ? null : String(row.payment_id),
  details: row.details,
  createdAt: new Date(row.created_at).toISOString(),
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  resolvedBy: row.resolved_by_email,
  resolution: row.resolution,
});
