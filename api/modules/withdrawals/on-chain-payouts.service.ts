import { createPublicClient, http, TransactionReceiptNotFoundError, type Hash, type PublicClient } from 'viem';
import type { AppDeps } from '../../app-deps';
import { explorerTxLink, type EvmChainConfig, type UtxoCoin } from '../../config/chains';
import { coinTicker } from '../../contracts/coin-tickers';
import { conflict, DomainError, isUniqueViolation, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import {
  chainForCoin,
  coinText,
  isUtxoAddressOf,
  unitsForCents,
  type LiveRates,
} from '../chain-deposits/chain-deposits.api';
import { notify, notifyOperators } from '../notifications/notifications.api';
import { checkEvmPayout } from '../payouts/payouts.api';
import { onChainPayoutsRepo } from './on-chain-payouts.repo';
import { batchedChains } from './payout-batches.service';
import { settleOnChainPayment } from './withdrawal-transfers';

/**
 * A withdrawal whose coin has a configured chain is paid on chain and proven there: approval fixes the coin amount
 * at the live rate, the operator pays from their own wallet, the payment is checked on the node, and only its
 * confirmations move the money from pending_withdrawal to paid_out. The server never holds a key.
 */

/** The withdrawal methods' coins, as the deposit page names them. */
const coinOfMethod: Record<string, string> = {
  Bitcoin: 'bitcoin',
  Ethereum: 'ethereum',
  USDT: 'usdt',
  Litecoin: 'litecoin',
  Dogecoin: 'dogecoin',
};

const unpayable = (message: string) => new DomainError('unprocessable', message);

export function createOnChainPayouts(deps: AppDeps, liveRates: LiveRates) {
  const { db, clock } = deps;
  const chains = deps.config.operator.chains;
  const clients = new Map<string, PublicClient>();
  const evmClient = (chain: string, config: EvmChainConfig) => {
    if (!clients.has(chain)) clients.set(chain, createPublicClient({ transport: http(config.rpcUrl) }) as PublicClient);
    return clients.get(chain)!;
  };
  /**
   * The configured chain that pays a withdrawal, if any: its method's coin has a chain and the payout address is one of
   * that chain's (a USDT address on Tron cannot be paid by an ERC-20 chain). Otherwise it is paid by hand, as before.
   */
  const chainOf = (withdrawal: { method: string; address: string }) => {
    const coin = coinOfMethod[withdrawal.method];
    const info = coin ? chainForCoin(chains, coin) : undefined;
    if (!info) return undefined;
    if (info.config.kind === 'evm') return /^0x[0-9a-fA-F]{40}$/.test(withdrawal.address) ? info : undefined;
    // UTXO chains pay in batches the operator signs: segwit chains only, to an address of the chain's network.
    return batchedChains.has(info.chain) &&
      isUtxoAddressOf(info.chain as UtxoCoin, info.config.network, withdrawal.address)
      ? info
      : undefined;
  };

  return {
    /** Whether a withdrawal is paid on chain (else by hand, as before). */
    paysOnChain: (withdrawal: { method: string; address: string }) => chainOf(withdrawal) !== undefined,

    /** Whether it is paid in a payout batch the operator signs (a UTXO chain), not by a hash the admin enters. */
    paysInBatch: (withdrawal: { method: string; address: string }) => chainOf(withdrawal)?.config.kind === 'utxo',

    /** Fixes the coin amount at the live rate: from here on the investor and the admin see that amount. */
    async approve(adminId: string, id: string) {
      const current = await onChainPayoutsRepo.byId(db, id);
      if (!current) throw notFound('Withdrawal not found');
      const info = chainOf(current);
      if (!info)
        throw conflict(
          `This ${current.method} withdrawal is not paid on a configured chain: mark it paid with its hash`,
        );
      // Read before the transaction: the market's copy is read on the root database.
      const live = await liveRates(info.coin);
      if (!live)
        throw conflict(
          `No live ${info.coin} rate right now: the amount in ${info.coin} cannot be fixed; try again shortly`,
        );
      const units = unitsForCents(Number(current.amount_cents), live.rate, info.decimals);
      return db.transaction(async (trx) => {
        const withdrawal = await onChainPayoutsRepo.lock(trx, id);
        if (!withdrawal) throw notFound('Withdrawal not found');
        if (withdrawal.status !== 'pending') throw conflict(`Withdrawal already ${withdrawal.status}`);
        const now = clock.now();
        const fixed = {
          chain: info.chain,
          coin: info.coin,
          coin_units: units.toString(),
          coin_decimals: info.decimals,
          rate: live.rate,
        };
        await onChainPayoutsRepo.fixAmount(trx, id, { ...fixed, approved_by: adminId, approved_at: now });
        const coinAmount = coinText(units, info.decimals);
        await notify(trx, {
          userId: withdrawal.user_id,
          kind: 'withdrawal.approved',
          params: {
            amountCents: Number(withdrawal.amount_cents),
            coin: info.coin,
            coinAmount,
            method: withdrawal.method,
          },
          link: '/transaction?tab=withdrawal',
          eventKey: `withdrawal-approved:${id}`,
          at: now,
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'withdrawal.approve',
          subjectType: 'withdrawal',
          subjectId: id,
          before: { status: 'pending' },
          after: { status: 'approved', chain: info.chain, coin: info.coin, units: units.toString(), rate: live.rate },
          at: now,
        });
        return { ...withdrawal, ...fixed, status: 'approved' as const };
      });
    },

    /**
     * The admin's transaction hash for an approved EVM withdrawal, accepted only if the node shows it paying the
     * investor's address at least the fixed amount; then the withdrawal waits for its confirmations.
     */
    async acceptEvmPayment(adminId: string, id: string, txHash: string) {
      const current = await onChainPayoutsRepo.byId(db, id);
      if (!current) throw notFound('Withdrawal not found');
      const approved = current.status === 'pending' ? await this.approve(adminId, id) : current;
      if (approved.status !== 'approved') throw conflict(`Withdrawal already ${approved.status}`);
      const config = chains[approved.chain!];
      if (config?.kind !== 'evm')
        throw conflict(`A ${approved.coin} withdrawal is paid in a batch the operator signs, not by a hash`);
      const info = chainOf(approved)!;
      const hash = txHash.toLowerCase() as Hash;
      const check = await checkEvmPayout(evmClient(approved.chain!, config), hash, {
        to: approved.address,
        units: BigInt(approved.coin_units!),
        symbol: coinTicker(approved.coin!),
        decimals: approved.coin_decimals!,
        contract: info.contract,
      });
      if (!check.ok) throw unpayable(check.reason);
      const alreadyUsed = 'This transaction already pays another withdrawal';
      if (await onChainPayoutsRepo.paymentUsedBy(db, approved.chain!, hash, check.logIndex))
        throw unpayable(alreadyUsed);
      try {
        return await db.transaction(async (trx) => {
          const withdrawal = await onChainPayoutsRepo.lock(trx, id);
          if (!withdrawal || withdrawal.status !== 'approved' || withdrawal.coin_units !== approved.coin_units)
            throw conflict(`Withdrawal already ${withdrawal?.status ?? 'gone'}`);
          const now = clock.now();
          await onChainPayoutsRepo.recordBroadcast(trx, id, {
            tx_hash: hash,
            payout_index: check.logIndex,
            payout_block_hash: check.blockHash,
            payout_block_height: Number(check.blockNumber),
          });
          const coinAmount = coinText(BigInt(withdrawal.coin_units!), withdrawal.coin_decimals!);
          await notify(trx, {
            userId: withdrawal.user_id,
            kind: 'withdrawal.sent',
            params: {
              amountCents: Number(withdrawal.amount_cents),
              coin: withdrawal.coin,
              coinAmount,
              txHash: hash,
              explorerUrl: explorerTxLink(config, hash),
            },
            link: '/transaction?tab=withdrawal',
            eventKey: `withdrawal-sent:${id}:${hash}`,
            at: now,
          });
          await recordAudit(trx, {
            actorId: adminId,
            action: 'withdrawal.payment',
            subjectType: 'withdrawal',
            subjectId: id,
            before: { status: 'approved' },
            after: { status: 'broadcast', chain: withdrawal.chain, txHash: hash },
            at: now,
          });
          return { ...withdrawal, status: 'broadcast' as const, tx_hash: hash, payout_index: check.logIndex };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'withdrawals_payout_once')) throw unpayable(alreadyUsed);
        throw error;
      }
    },

    /**
     * One pass over an EVM chain's payments waiting for confirmations: paid at the chain's confirmations, exactly
     * once; back to approved (with a notice to the operators) when a reorg took the transaction off the chain.
     */
    async followEvmPayouts(chain: string) {
      const config = chains[chain];
      if (config?.kind !== 'evm') return { paid: 0, dropped: 0 };
      const client = evmClient(chain, config);
      const waiting = await onChainPayoutsRepo.broadcastOn(db, chain, 200);
      if (waiting.length === 0) return { paid: 0, dropped: 0 };
      const head = await client.getBlockNumber({ cacheTime: 0 });
      let [paid, dropped] = [0, 0];
      for (const row of waiting) {
        const receipt = await client.getTransactionReceipt({ hash: row.tx_hash as Hash }).catch((error: unknown) => {
          if (error instanceof TransactionReceiptNotFoundError) return null;
          throw error;
        });
        const now = clock.now();
        if (!receipt || receipt.status !== 'success') {
          await db.transaction(async (trx) => {
            const withdrawal = await onChainPayoutsRepo.lock(trx, row.id);
            if (withdrawal?.status !== 'broadcast' || withdrawal.tx_hash !== row.tx_hash) return;
            await onChainPayoutsRepo.backToApproved(trx, row.id);
            await notifyOperators(trx, {
              kind: 'operator.payout-dropped',
              params: { amountCents: Number(row.amount_cents), coin: row.coin, txHash: row.tx_hash },
              link: '/admin/withdrawals',
              eventKey: `payout-dropped:${row.id}:${row.tx_hash}`,
              at: now,
            });
            dropped++;
          });
          continue;
        }
        if (receipt.blockHash !== row.payout_block_hash)
          await db.transaction((trx) =>
            onChainPayoutsRepo.moveBlock(trx, row.id, { hash: receipt.blockHash, height: Number(receipt.blockNumber) }),
          );
        if (head - receipt.blockNumber + 1n < BigInt(config.confirmations)) continue;
        await db.transaction(async (trx) => {
          const withdrawal = await onChainPayoutsRepo.lock(trx, row.id);
          if (withdrawal?.status !== 'broadcast' || withdrawal.tx_hash !== row.tx_hash) return;
          await onChainPayoutsRepo.markPaid(trx, row.id, now);
          await settleOnChainPayment(trx, withdrawal, {
            txHash: withdrawal.tx_hash!,
            explorerUrl: explorerTxLink(config, withdrawal.tx_hash),
            at: now,
            details: { chain: withdrawal.chain },
          });
          paid++;
        });
      }
      return { paid, dropped };
    },
  };
}

export type OnChainPayouts = ReturnType<typeof createOnChainPayouts>;
