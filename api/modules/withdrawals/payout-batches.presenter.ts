import type { PayoutBatch } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import { coinText, pathText } from '../chain-deposits/chain-deposits.api';
import type { PayoutBatches } from './payout-batches.service';

type BatchDetails = Awaited<ReturnType<PayoutBatches['details']>>[number];

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** A payout batch as the desk shows it: what it pays, from which coins, at what fee, and how far it has come. */
export function presentPayoutBatch(details: BatchDetails): PayoutBatch {
  const { batch, accountPath } = details;
  const path = (branch: number, index: number) => (accountPath ? pathText([...accountPath, branch, index]) : null);
  const block = batch.block_height === null ? null : Number(batch.block_height);
  return {
    id: batch.id,
    chain: batch.chain,
    coin: batch.coin,
    status: batch.status,
    psbt: batch.psbt,
    txid: batch.txid,
    fee: coinText(batch.fee_units, batch.decimals),
    feeRate: Number(batch.fee_rate),
    feeCents: Number(batch.fee_cents),
    virtualSize: batch.virtual_size,
    confirmations:
      batch.status === 'confirmed' && (block === null || details.tip === null)
        ? details.required
        : block !== null && details.tip !== null
          ? Math.max(0, details.tip - block + 1)
          : null,
    required: details.required,
    explorerUrl: details.explorerUrl,
    replacesId: batch.replaces_id,
    replacedById: details.replacedBy?.id ?? null,
    failureReason: batch.failure_reason,
    createdAt: new Date(batch.created_at).toISOString(),
    broadcastAt: iso(batch.broadcast_at),
    confirmedAt: iso(batch.confirmed_at),
    withdrawals: details.withdrawals.map((row) => ({
      id: row.id,
      amount: centsToDollars(Number(row.amount_cents)),
      address: row.address,
      coinAmount: coinText(row.coin_units, row.coin_decimals),
      email: row.email,
    })),
    inputs: details.coins
      .filter((coin) => coin.reserved_by === batch.family_id || coin.spent_by === batch.txid)
      .map((coin) => ({
        txid: coin.txid,
        vout: coin.vout,
        coinAmount: coinText(coin.units, batch.decimals),
        path: path(coin.branch, coin.derivation_index),
      })),
    change:
      batch.change_units === null
        ? null
        : {
            address: batch.change_address,
            coinAmount: coinText(batch.change_units, batch.decimals),
            path: path(1, batch.change_index),
          },
  };
}
