import { explorerTxLink, type ChainsConfig } from '../../config/chains';
import type { AdminWithdrawal, Withdrawal, WithdrawalMethod } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import { chainForCoin, coinText, paymentUri, rateShown } from '../chain-deposits/chain-deposits.api';
import type { AdminWithdrawalRow, WithdrawalRow } from './withdrawals.repo';

/** What an on-chain payment's progress is counted against: the chains' settings and how far each is scanned. */
export interface PayoutProgress {
  chains: ChainsConfig;
  heights: Map<string, number>;
  /** Whether a withdrawal is paid on chain (its coin has an EVM chain and its address is one of that chain's). */
  paysOnChain: (withdrawal: { method: string; address: string }) => boolean;
  /** Whether it is paid in a payout batch the operator signs (its coin has a UTXO chain). */
  paysInBatch: (withdrawal: { method: string; address: string }) => boolean;
}

/**
 * A withdrawal as the investor and the desk see it. On a configured chain it carries the coin amount fixed at
 * approval and, once paid, the transaction with its confirmations and explorer link; `onChain` false means an admin
 * marked it paid by hand, not checked on chain.
 */
export function presentWithdrawal(row: WithdrawalRow, progress?: PayoutProgress): Withdrawal {
  const config = row.chain ? progress?.chains[row.chain] : undefined;
  const onChainTx = row.chain ? row.tx_hash : null;
  const height = row.chain ? progress?.heights.get(row.chain) : undefined;
  const block =
    row.payout_block_height === null || row.payout_block_height === undefined ? null : Number(row.payout_block_height);
  return {
    id: row.id,
    amount: centsToDollars(Number(row.amount_cents)),
    method: row.method as WithdrawalMethod,
    address: row.address,
    status: row.status as Withdrawal['status'],
    txHash: row.tx_hash,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
    onChain: Boolean(row.chain),
    coin: row.coin ?? null,
    coinAmount:
      row.coin_units && row.coin_decimals !== null && row.coin_decimals !== undefined
        ? coinText(row.coin_units, row.coin_decimals)
        : null,
    rate: row.rate ? rateShown(row.rate) : null,
    txid: onChainTx,
    confirmations: block !== null && height !== undefined ? Math.max(0, height - block + 1) : onChainTx ? 0 : null,
    required: config ? config.confirmations : null,
    explorerUrl: explorerTxLink(config, onChainTx),
    payableOnChain: row.chain ? true : (progress?.paysOnChain(row) ?? false),
    paidInBatch: row.chain ? config?.kind === 'utxo' : (progress?.paysInBatch(row) ?? false),
    paymentUri: payLink(row, progress),
  };
}

/** What the operator's wallet scans to pay an approved on-chain withdrawal: EIP-681 with the exact amount. */
function payLink(row: WithdrawalRow, progress?: PayoutProgress) {
  if (row.status !== 'approved' || !row.chain || !row.coin || !row.coin_units || row.coin_decimals == null) return null;
  const info = progress ? chainForCoin(progress.chains, row.coin) : undefined;
  if (!info || info.chain !== row.chain) return null;
  return paymentUri(info, row.address, BigInt(row.coin_units), coinText(row.coin_units, row.coin_decimals));
}

/** One row of the admin's withdrawals table: the withdrawal, whose it is and what that investor has left. */
export const presentAdminWithdrawal = (row: AdminWithdrawalRow, progress?: PayoutProgress): AdminWithdrawal => ({
  ...presentWithdrawal(row, progress),
  user: { id: row.user_id, email: row.user_email },
  availableBalance: centsToDollars(Number(row.available_cents)),
});
