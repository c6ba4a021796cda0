import { explorerTxLink, type ChainsConfig } from '../../config/chains';
import type { Db } from '../../db/connect';
import { quotesRepo } from './quotes.repo';

/** What the transaction history adds to an on-chain deposit: its quote's page, confirmations and explorer link. */
export interface OnChainHistoryDetails {
  quoteId: string;
  txHash: string;
  confirmations: number;
  required: number;
  explorerUrl: string | null;
}

/**
 * The on-chain rows of one history page (ids `c<payment id>`), looked up after the page is chosen so the history's
 * one statement stays as it is for investors who never paid on a chain.
 */
export async function onChainHistoryDetails(db: Db, chains: ChainsConfig, historyIds: string[]) {
  const paymentIds = historyIds.filter((id) => /^c\d+$/.test(id)).map((id) => id.slice(1));
  const details = new Map<string, OnChainHistoryDetails>();
  if (paymentIds.length === 0) return details;
  const rows = await quotesRepo.historyPayments(db, paymentIds);
  for (const row of rows) {
    const config = chains[row.chain];
    const onChain = row.status !== 'orphaned' && row.block_height !== null && row.scanned_height !== null;
    details.set(`c${row.id}`, {
      quoteId: row.quote_id,
      txHash: row.tx_hash,
      confirmations: onChain ? Math.max(0, Number(row.scanned_height) - Number(row.block_height) + 1) : 0,
      required: config?.confirmations ?? 0,
      explorerUrl: explorerTxLink(config, row.tx_hash),
    });
  }
  return details;
}
