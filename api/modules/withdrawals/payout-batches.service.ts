import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/connect';
import { explorerTxLink, type UtxoChainConfig } from '../../config/chains';
import type { PayoutBatchInput } from '../../contracts/payout-batches';
import { badRequest, conflict, DomainError, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import {
  accountOrigin,
  centsForUnits,
  coinText,
  createUtxoRpc,
  creditedOutputs,
  deriveUtxoKey,
  recordChainIncident,
  utxoNetworkOf,
  type UtxoRpc,
} from '../chain-deposits/chain-deposits.api';
import { postTransfer } from '../ledger/ledger.service';
import { notify, notifyOperators } from '../notifications/notifications.api';
import { heldWithdrawals } from '../sanctions/sanctions.api';
import { BatchNotFundedError, buildBatchPsbt, checkSignedBatch, type SpendableCoin } from '../payouts/payouts.api';
import {
  payoutBatchesRepo as repo,
  type BatchedWithdrawalRow,
  type OperatorCoinRow,
  type PayoutBatchRow,
} from './payout-batches.repo';
import { settleOnChainPayment } from './withdrawal-transfers';

/**
 * Payouts on UTXO chains, in batches the operator signs in their own wallet: the desk builds one PSBT paying approved
 * withdrawals from coins the operator received at derived addresses (change to the internal address 1/j), the
 * operator signs it elsewhere, and the server checks it is the very transaction built, records it, then sends it.
 * The follower finds it on the chain and, after the chain's confirmations, pays each withdrawal once. A fee bump is a
 * second batch of the same family spending the same coins, so only one of the two can confirm.
 */

/** Chains whose payouts are built here: segwit inputs, so the txid is known before signing and signing keeps it. */
export const batchedChains = new Set(['bitcoin', 'litecoin']);

const unprocessable = (message: string) => new DomainError('unprocessable', message);

/** Bitcoin Core's codes for a transaction it refuses (verify error, rejected, already in the chain). */
const refusedCodes = new Set([-25, -26, -27]);
const rpcCode = (error: unknown) => (error as { code?: number }).code;

/** At most this many blocks are read per batch and pass while looking for its transaction (no transaction index). */
const searchBlocksPerPass = 200;

export interface PayoutBatchesOptions {
  /** The chain's node; by default its configured RPC URL (tests hand a node that fails on purpose). */
  rpcFor?: (chain: string, config: UtxoChainConfig) => UtxoRpc;
}

export function createPayoutBatches(deps: AppDeps, options: PayoutBatchesOptions = {}) {
  const { db, clock, logger } = deps;
  const chains = deps.config.operator.chains;
  const rpcs = new Map<string, UtxoRpc>();

  const utxoChain = (chain: string) => {
    const config = chains[chain];
    if (config?.kind !== 'utxo') throw badRequest(`No UTXO chain named ${chain} is configured`);
    if (!batchedChains.has(chain))
      throw conflict(`${chain} withdrawals are paid by hand: payout batches need segwit addresses`);
    return config;
  };
  const rpcOf = (chain: string, config: UtxoChainConfig) => {
    if (!rpcs.has(chain)) rpcs.set(chain, options.rpcFor?.(chain, config) ?? createUtxoRpc(config.rpcUrl));
    return rpcs.get(chain)!;
  };

  /** The node's fee estimate for confirmation within 6 blocks, in whole sat/vB; null when it has none yet. */
  async function suggestedFeeRate(rpc: UtxoRpc) {
    const estimate = await rpc.call<{ feerate?: number }>('estimatesmartfee', 6).catch(() => ({ feerate: undefined }));
    return estimate.feerate ? Math.max(1, Math.ceil(estimate.feerate * 1e5)) : null;
  }

  /**
   * Brings the operator's coins up to date: the deposits' credited outputs are added, and an unreserved coin the node
   * no longer holds unspent (the operator spent it from their wallet) is marked spent, so no batch is built on it.
   */
  async function refreshCoins(chain: string, rpc: UtxoRpc) {
    const outputs = await creditedOutputs(db, chain);
    await db.transaction((trx) => repo.addDepositCoins(trx, chain, outputs, clock.now()));
    const unreserved = await repo.unreservedCoinsOf(db, chain);
    const answers = await rpc.batch<unknown>(unreserved.map((coin) => ['gettxout', [coin.txid, coin.vout, true]]));
    const gone = unreserved.filter(
      (_, index) => answers[index]!.error === undefined && answers[index]!.result === null,
    );
    if (gone.length > 0) {
      await repo.markSpent(db, chain, gone, 'elsewhere');
      logger.warn({ chain, coins: gone.length }, 'operator coins spent outside payout batches');
    }
  }

  const withDerivation = (chain: string, config: UtxoChainConfig, coin: OperatorCoinRow): SpendableCoin => {
    const origin = accountOrigin(chain, config);
    return {
      txid: coin.txid,
      vout: coin.vout,
      units: BigInt(coin.units),
      script: coin.script,
      derivation: origin
        ? {
            publicKey: deriveUtxoKey(chain, config, coin.branch, coin.derivation_index).publicKey,
            path: [...origin.accountPath, coin.branch, coin.derivation_index],
          }
        : undefined,
    };
  };

  /** The PSBT paying `withdrawals` in this order from `coins`, change to 1/changeIndex. */
  function psbtFor(
    chain: string,
    config: UtxoChainConfig,
    plan: {
      coins: OperatorCoinRow[];
      withdrawals: BatchedWithdrawalRow[];
      changeIndex: number;
      feeRate: number;
      mode: 'select' | 'all';
    },
  ) {
    const origin = accountOrigin(chain, config);
    const change = deriveUtxoKey(chain, config, 1, plan.changeIndex);
    const payments = plan.withdrawals.map((withdrawal) => ({
      address: withdrawal.address,
      units: BigInt(withdrawal.coin_units),
    }));
    const decimals = plan.withdrawals[0]!.coin_decimals;
    try {
      const built = buildBatchPsbt({
        network: utxoNetworkOf(chain, config),
        coins: plan.coins.map((coin) => withDerivation(chain, config, coin)),
        payments,
        changeAddress: change.address,
        feeRate: plan.feeRate,
        mode: plan.mode,
        fingerprint: origin?.fingerprint,
        changeDerivation: origin
          ? { publicKey: change.publicKey, path: [...origin.accountPath, 1, plan.changeIndex] }
          : undefined,
      });
      // The fee in USD at the newest rate fixed for these withdrawals: what the operator pays, in the ledger's unit.
      const rate = plan.withdrawals.map((withdrawal) => withdrawal.rate).at(-1)!;
      return { built, change, rate, decimals, feeCents: centsForUnits(built.feeUnits, rate, decimals) };
    } catch (error) {
      if (!(error instanceof BatchNotFundedError)) throw error;
      const due = payments.reduce((sum, payment) => sum + payment.units, 0n);
      throw unprocessable(
        `The confirmed ${chain} coins (${coinText(error.availableUnits, decimals)}) do not cover the batch ` +
          `(${coinText(due, decimals)}) and its fee`,
      );
    }
  }

  /** The withdrawals a batch pays: those held by sanctions screening (an open incident) wait outside any batch. */
  const chosenWithdrawals = async (
    executor: Db,
    approved: BatchedWithdrawalRow[],
    ids: string[] | undefined,
    coin: string,
  ) => {
    const held = await heldWithdrawals(
      executor,
      approved.map((row) => row.id),
    );
    const rows = approved.filter((row) => !held.has(row.id));
    if (ids && rows.length !== new Set(ids).size)
      throw conflict(
        `Some of these withdrawals no longer wait for a ${coin} batch (paid, in another batch, rejected or held by sanctions screening): reload the list`,
      );
    if (rows.length === 0) throw conflict(`No approved ${coin} withdrawal waits for a batch`);
    return rows;
  };

  /** Tells each investor their withdrawal was sent, with the transaction's link; once per withdrawal and txid. */
  async function announceSent(trx: Knex.Transaction, batch: PayoutBatchRow, config: UtxoChainConfig) {
    const withdrawals = await repo.withdrawalsOf(trx, [batch.family_id]);
    for (const withdrawal of withdrawals.filter((row) => row.status === 'broadcast'))
      await notify(trx, {
        userId: withdrawal.user_id,
        kind: 'withdrawal.sent',
        params: {
          amountCents: Number(withdrawal.amount_cents),
          coin: withdrawal.coin,
          coinAmount: coinText(withdrawal.coin_units, withdrawal.coin_decimals),
          txHash: batch.txid,
          explorerUrl: explorerTxLink(config, batch.txid),
        },
        link: '/transaction?tab=withdrawal',
        eventKey: `withdrawal-sent:${withdrawal.id}:${batch.txid}`,
        at: clock.now(),
      });
  }

  /** A family member is in a block deep enough: it pays its withdrawals, once; the others of its family never will. */
  async function confirm(chain: string, config: UtxoChainConfig, member: PayoutBatchRow) {
    return db.transaction(async (trx) => {
      const family = await repo.lockFamily(trx, member.family_id);
      const batch = family.find((row) => row.id === member.id)!;
      if (batch.status !== 'broadcast' || family.some((row) => row.status === 'confirmed')) return false;
      const now = clock.now();
      await repo.update(trx, batch.id, { status: 'confirmed', confirmed_at: now });
      for (const other of family.filter((row) => row.id !== batch.id && row.status !== 'failed'))
        await repo.update(trx, other.id, { status: 'replaced' });
      const coins = await repo.coinsOf(trx, batch.family_id);
      await repo.markSpent(trx, chain, coins, batch.txid);
      if (batch.change_vout !== null)
        await repo.addChangeCoin(
          trx,
          {
            chain,
            txid: batch.txid,
            vout: batch.change_vout,
            units: batch.change_units!,
            script: deriveUtxoKey(chain, config, 1, batch.change_index).script,
            derivation_index: batch.change_index,
          },
          now,
        );
      for (const withdrawal of await repo.lockWithdrawalsOf(trx, batch.family_id)) {
        if (withdrawal.status !== 'broadcast') continue;
        await repo.withdrawalPaid(trx, withdrawal.id, batch.txid, now);
        await settleOnChainPayment(trx, withdrawal, {
          txHash: batch.txid,
          explorerUrl: explorerTxLink(config, batch.txid),
          at: now,
          details: { chain, batchId: batch.id },
        });
      }
      const feeCents = Number(batch.fee_cents);
      if (feeCents > 0)
        await postTransfer(trx, {
          idempotencyKey: `payout-network-fee:${batch.family_id}`,
          kind: 'payout_network_fee',
          subjectUserId: null,
          at: now,
          details: { chain, batchId: batch.id, txHash: batch.txid, feeUnits: batch.fee_units },
          legs: [
            { account: { system: 'network_fees' }, amountCents: feeCents },
            { account: { system: 'operator_funds' }, amountCents: -feeCents },
          ],
        });
      return true;
    });
  }

  /**
   * The family's coins were spent by a transaction of none of its members (the operator spent them from their wallet,
   * or replaced the batch outside the desk): an incident, and the withdrawals wait for a new batch. None is paid twice:
   * a withdrawal leaves this family before it can enter another.
   */
  async function failFamily(chain: string, rpc: UtxoRpc, member: PayoutBatchRow, nodeReason: string) {
    const coins = await repo.coinsOf(db, member.family_id);
    const answers = await rpc.batch<unknown>(coins.map((coin) => ['gettxout', [coin.txid, coin.vout, true]]));
    const spent = coins.filter((_, index) => answers[index]!.error === undefined && answers[index]!.result === null);
    await db.transaction(async (trx) => {
      const family = await repo.lockFamily(trx, member.family_id);
      if (family.some((row) => row.status === 'confirmed')) return;
      const now = clock.now();
      const reason = `Its coins were spent by another transaction (${nodeReason})`;
      for (const row of family.filter((batch) => batch.status === 'broadcast' || batch.status === 'unsigned'))
        await repo.update(trx, row.id, { status: 'failed', failure_reason: reason });
      const withdrawals = await repo.lockWithdrawalsOf(trx, member.family_id);
      await repo.withdrawalsBackToApproved(trx, member.family_id);
      await repo.markSpent(trx, chain, spent, 'elsewhere');
      await repo.release(trx, member.family_id);
      const amountCents = withdrawals.reduce((sum, row) => sum + Number(row.amount_cents), 0);
      await recordChainIncident(trx, {
        chain,
        kind: 'payout-inputs-spent',
        details: {
          batchId: member.id,
          txHash: member.txid,
          withdrawals: withdrawals.map((row) => row.id),
          spentCoins: spent.map((coin) => `${coin.txid}:${coin.vout}`),
          node: nodeReason,
        },
        at: now,
      });
      await notifyOperators(trx, {
        kind: 'operator.payout-conflict',
        params: { amountCents, coin: member.coin, txHash: member.txid, count: withdrawals.length },
        link: '/admin/payouts',
        eventKey: `payout-conflict:${member.family_id}`,
        at: now,
      });
    });
  }

  const service = {
    list: (chain: string | undefined) => repo.list(db, chain, 100),

    async get(id: string) {
      const batch = await repo.byId(db, id);
      if (!batch) throw notFound('Payout batch not found');
      return batch;
    },

    suggestedFeeRate: (chain: string) => suggestedFeeRate(rpcOf(chain, utxoChain(chain))),

    /** What a batch of these withdrawals would cost, built as it would be but not kept. */
    async preview(input: PayoutBatchInput) {
      const config = utxoChain(input.chain);
      const rpc = rpcOf(input.chain, config);
      const suggested = await suggestedFeeRate(rpc);
      const feeRate = input.feeRate ?? suggested;
      if (feeRate === null) throw conflict('The node has no fee estimate yet: give a fee rate in sat/vB');
      await refreshCoins(input.chain, rpc);
      const withdrawals = await chosenWithdrawals(
        db,
        await repo.approvedOf(db, input.chain, input.withdrawalIds),
        input.withdrawalIds,
        input.chain,
      );
      const coins = await repo.unreservedCoinsOf(db, input.chain);
      const changeIndex = await db.transaction((trx) => repo.nextChangeIndex(trx, input.chain));
      const plan = psbtFor(input.chain, config, { coins, withdrawals, changeIndex, feeRate, mode: 'select' });
      const decimals = plan.decimals;
      return {
        chain: input.chain,
        coin: withdrawals[0]!.coin,
        feeRate,
        suggestedFeeRate: suggested,
        fee: coinText(plan.built.feeUnits, decimals),
        feeCents: plan.feeCents,
        virtualSize: plan.built.virtualSize,
        total: coinText(
          withdrawals.reduce((sum, row) => sum + BigInt(row.coin_units), 0n),
          decimals,
        ),
        available: coinText(
          coins.reduce((sum, coin) => sum + BigInt(coin.units), 0n),
          decimals,
        ),
        withdrawalIds: withdrawals.map((row) => row.id),
      };
    },

    /**
     * Builds the batch: the approved withdrawals (or those chosen) and the coins it spends are reserved in one
     * transaction, under the chain's lock and the rows' locks, so two admins or replicas never put a withdrawal or a
     * coin into two batches.
     */
    async build(adminId: string, input: PayoutBatchInput) {
      const config = utxoChain(input.chain);
      const rpc = rpcOf(input.chain, config);
      const feeRate = input.feeRate ?? (await suggestedFeeRate(rpc));
      if (feeRate === null) throw conflict('The node has no fee estimate yet: give a fee rate in sat/vB');
      await refreshCoins(input.chain, rpc);
      const tip = await rpc.call<number>('getblockcount');
      const id = await db.transaction(async (trx) => {
        await repo.lockChain(trx, input.chain);
        const withdrawals = await chosenWithdrawals(
          trx,
          await repo.approvedFor(trx, input.chain, input.withdrawalIds),
          input.withdrawalIds,
          input.chain,
        );
        const coins = await repo.unreservedCoins(trx, input.chain);
        const changeIndex = await repo.nextChangeIndex(trx, input.chain);
        const { built, change, rate, decimals, feeCents } = psbtFor(input.chain, config, {
          coins,
          withdrawals,
          changeIndex,
          feeRate,
          mode: 'select',
        });
        const batchId = randomUUID();
        const now = clock.now();
        await repo.insert(trx, {
          id: batchId,
          family_id: batchId,
          replaces_id: null,
          chain: input.chain,
          coin: withdrawals[0]!.coin,
          status: 'unsigned',
          psbt: built.psbt,
          unsigned_tx: built.unsignedTx,
          txid: built.txid,
          fee_units: built.feeUnits.toString(),
          fee_rate: String(feeRate),
          fee_cents: feeCents,
          virtual_size: built.virtualSize,
          rate,
          decimals,
          change_index: changeIndex,
          change_vout: built.change?.vout ?? null,
          change_units: built.change?.units.toString() ?? null,
          change_address: change.address,
          created_by: adminId,
          created_at: now,
        });
        await repo.update(trx, batchId, { searched_height: tip });
        await repo.reserve(trx, input.chain, built.inputs, batchId);
        await repo.putInBatch(
          trx,
          batchId,
          withdrawals.map((withdrawal, index) => ({ id: withdrawal.id, payoutIndex: index })),
        );
        await recordAudit(trx, {
          actorId: adminId,
          action: 'payout_batch.build',
          subjectType: 'payout_batch',
          subjectId: batchId,
          before: null,
          after: {
            chain: input.chain,
            txHash: built.txid,
            ids: withdrawals.map((row) => row.id),
            units: built.feeUnits.toString(),
            feeRate,
          },
          at: now,
        });
        return batchId;
      });
      return (await repo.byId(db, id))!;
    },

    /**
     * The operator's signed PSBT: accepted only if it is the batch's own transaction, fully signed, and the node would
     * take it. It is recorded before it is sent, so a crash in between sends this same transaction again, never another.
     */
    async acceptSigned(adminId: string, id: string, signedPsbt: string) {
      const batch = await repo.byId(db, id);
      if (!batch) throw notFound('Payout batch not found');
      if (batch.status !== 'unsigned') throw conflict(`This batch is already ${batch.status}`);
      const config = utxoChain(batch.chain);
      const rpc = rpcOf(batch.chain, config);
      const check = checkSignedBatch({ unsignedTx: batch.unsigned_tx }, signedPsbt);
      if (!check.ok) throw unprocessable(check.reason);
      const [verdict] = await rpc.call<Array<{ allowed: boolean; 'reject-reason'?: string }>>('testmempoolaccept', [
        check.rawTx,
      ]);
      if (!verdict?.allowed)
        throw unprocessable(`The node refuses this transaction: ${verdict?.['reject-reason'] ?? 'no reason given'}`);
      const tip = await rpc.call<number>('getblockcount');
      await db.transaction(async (trx) => {
        const family = await repo.lockFamily(trx, batch.family_id);
        const current = family.find((row) => row.id === id)!;
        if (current.status !== 'unsigned') throw conflict(`This batch is already ${current.status}`);
        if (family.some((row) => row.status === 'confirmed' || row.status === 'failed'))
          throw conflict('This batch can no longer be sent: another transaction of it confirmed, or it failed');
        const now = clock.now();
        await repo.update(trx, id, {
          status: 'broadcast',
          raw_tx: check.rawTx,
          txid: check.txid,
          broadcast_at: now,
          searched_height: tip,
        });
        await repo.lockWithdrawalsOf(trx, batch.family_id);
        await repo.withdrawalsSentBy(trx, batch.family_id, check.txid);
        await recordAudit(trx, {
          actorId: adminId,
          action: 'payout_batch.sign',
          subjectType: 'payout_batch',
          subjectId: id,
          before: { status: 'unsigned' },
          after: { status: 'broadcast', chain: batch.chain, txHash: check.txid },
          at: now,
        });
      });
      try {
        await rpc.call<string>('sendrawtransaction', check.rawTx);
      } catch (error) {
        if (!refusedCodes.has(rpcCode(error) ?? 0) || rpcCode(error) === -27) {
          // Not known whether the node has it: recorded as broadcast, the follower sends this same one again.
          logger.warn({ chain: batch.chain, txid: check.txid, err: error }, 'payout batch sent without an answer');
        } else {
          await db.transaction(async (trx) => {
            const family = await repo.lockFamily(trx, batch.family_id);
            if (family.find((row) => row.id === id)?.status !== 'broadcast') return;
            await repo.update(trx, id, { status: 'unsigned', raw_tx: null, broadcast_at: null });
            const stillSent = family.filter((row) => row.id !== id && row.status === 'broadcast').at(-1);
            if (stillSent) await repo.withdrawalsSentBy(trx, batch.family_id, stillSent.txid);
            else await repo.withdrawalsBackInBatch(trx, batch.family_id);
          });
          throw unprocessable(`The node refuses this transaction: ${(error as Error).message}`);
        }
      }
      await db.transaction(async (trx) => announceSent(trx, (await repo.byId(trx, id))!, config));
      return (await repo.byId(db, id))!;
    },

    /**
     * A replacement of a broadcast batch with a higher fee (BIP 125): the same coins and the same payments, so either
     * it or the original confirms, never both. It waits for the operator's signature like any batch.
     */
    async bump(adminId: string, id: string, feeRate: number) {
      const original = await repo.byId(db, id);
      if (!original) throw notFound('Payout batch not found');
      if (original.status !== 'broadcast')
        throw conflict(`Only a sent batch can be bumped; this one is ${original.status}`);
      if (feeRate <= Number(original.fee_rate))
        throw badRequest(`A replacement must pay more than ${Number(original.fee_rate)} sat/vB`);
      const config = utxoChain(original.chain);
      const newId = await db.transaction(async (trx) => {
        const family = await repo.lockFamily(trx, original.family_id);
        if (family.find((row) => row.id === id)?.status !== 'broadcast')
          throw conflict('This batch is no longer waiting for confirmations');
        if (family.some((row) => row.status === 'unsigned'))
          throw conflict('A fee bump of this batch already waits for its signature: sign or cancel it first');
        const coins = (await repo.coinsOf(trx, original.family_id)).filter((coin) => coin.spent_by === null);
        const withdrawals = await repo.withdrawalsOf(trx, [original.family_id]);
        const { built, feeCents } = psbtFor(original.chain, config, {
          coins,
          withdrawals: withdrawals.filter((row) => row.status === 'broadcast'),
          changeIndex: original.change_index,
          feeRate,
          mode: 'all',
        });
        const batchId = randomUUID();
        const now = clock.now();
        await repo.insert(trx, {
          ...original,
          id: batchId,
          replaces_id: original.id,
          status: 'unsigned',
          psbt: built.psbt,
          unsigned_tx: built.unsignedTx,
          txid: built.txid,
          fee_units: built.feeUnits.toString(),
          fee_rate: String(feeRate),
          fee_cents: feeCents,
          virtual_size: built.virtualSize,
          change_vout: built.change?.vout ?? null,
          change_units: built.change?.units.toString() ?? null,
          created_by: adminId,
          created_at: now,
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'payout_batch.bump',
          subjectType: 'payout_batch',
          subjectId: batchId,
          before: { txHash: original.txid, feeRate: Number(original.fee_rate) },
          after: { txHash: built.txid, feeRate, units: built.feeUnits.toString() },
          at: now,
        });
        return batchId;
      });
      return (await repo.byId(db, newId))!;
    },

    /** An unsigned batch given up: its withdrawals and coins are free again (a bump's original stays sent). */
    async cancel(adminId: string, id: string) {
      await db.transaction(async (trx) => {
        const batch = await repo.lock(trx, id);
        if (!batch) throw notFound('Payout batch not found');
        if (batch.status !== 'unsigned')
          throw conflict(`Only an unsigned batch can be cancelled; this one is ${batch.status}`);
        const family = await repo.lockFamily(trx, batch.family_id);
        const now = clock.now();
        await repo.update(trx, id, { status: 'failed', failure_reason: 'Cancelled by an admin before signing' });
        if (!family.some((row) => row.id !== id && row.status === 'broadcast')) {
          await repo.lockWithdrawalsOf(trx, batch.family_id);
          await repo.withdrawalsBackToApproved(trx, batch.family_id);
          await repo.release(trx, batch.family_id);
        }
        await recordAudit(trx, {
          actorId: adminId,
          action: 'payout_batch.cancel',
          subjectType: 'payout_batch',
          subjectId: id,
          before: { status: 'unsigned' },
          after: { status: 'failed', chain: batch.chain, txHash: batch.txid },
          at: now,
        });
      });
      return (await repo.byId(db, id))!;
    },

    /**
     * One pass over a chain's sent batches: each is found in the mempool or a block (the node keeps no transaction
     * index, so blocks are read from where the search stopped), confirmed after the chain's confirmations, taken back
     * to "sent" when a reorg drops its block, sent again when the node lost it, and failed with an incident when its
     * coins were spent by another transaction.
     */
    async follow(chain: string) {
      const config = chains[chain];
      if (config?.kind !== 'utxo' || !batchedChains.has(chain)) return { confirmed: 0, resent: 0, failed: 0 };
      const sent = await repo.broadcastOn(db, chain);
      if (sent.length === 0) return { confirmed: 0, resent: 0, failed: 0 };
      const rpc = rpcOf(chain, config);
      const tip = await rpc.call<number>('getblockcount');
      const counts = { confirmed: 0, resent: 0, failed: 0 };
      const families = new Map<string, PayoutBatchRow[]>();
      for (const batch of sent) families.set(batch.family_id, [...(families.get(batch.family_id) ?? []), batch]);
      for (const members of families.values()) {
        let seen = false;
        for (const member of members) {
          const found = await locate(rpc, member, tip);
          if (found === 'unseen') continue;
          seen = true;
          await db.transaction((trx) => announceSent(trx, member, config));
          if (found.confirmations >= config.confirmations) {
            if (await confirm(chain, config, member)) counts.confirmed++;
            break;
          }
        }
        if (seen) continue;
        // Neither in the mempool nor in a block: the newest member is sent again, the very transaction recorded.
        const newest = members.at(-1)!;
        try {
          await rpc.call('sendrawtransaction', newest.raw_tx);
          counts.resent++;
        } catch (error) {
          if (rpcCode(error) === -25 || rpcCode(error) === -26) {
            await failFamily(chain, rpc, newest, (error as Error).message);
            counts.failed++;
          } else throw error;
        }
      }
      return counts;
    },

    /** A batch as the desk shows it, with its family's withdrawals, coins and the chain's progress. */
    async details(batches: PayoutBatchRow[], heights: Map<string, number>) {
      const familyIds = [...new Set(batches.map((batch) => batch.family_id))];
      const [withdrawals, members] = await Promise.all([repo.withdrawalsOf(db, familyIds), repo.family(db, familyIds)]);
      const coins = new Map(
        await Promise.all(familyIds.map(async (familyId) => [familyId, await repo.coinsOf(db, familyId)] as const)),
      );
      return batches.map((batch) => {
        const config = chains[batch.chain] as UtxoChainConfig | undefined;
        const origin = config ? accountOrigin(batch.chain, config) : null;
        return {
          batch,
          withdrawals: withdrawals.filter((row) => row.payout_batch_family === batch.family_id),
          coins: coins.get(batch.family_id) ?? [],
          replacedBy: members.find((row) => row.replaces_id === batch.id && row.status !== 'failed') ?? null,
          required: config?.confirmations ?? 0,
          tip: heights.get(batch.chain) ?? null,
          explorerUrl: batch.status === 'unsigned' ? null : explorerTxLink(config, batch.txid),
          accountPath: origin?.accountPath ?? null,
        };
      });
    },
  };

  /**
   * Where a sent batch is: in a block (how deep), in the mempool (0), or nowhere the node knows. A block a reorg
   * dropped is forgotten and the search resumes below it.
   */
  async function locate(
    rpc: UtxoRpc,
    batch: PayoutBatchRow,
    tip: number,
  ): Promise<{ confirmations: number } | 'unseen'> {
    if (batch.block_hash) {
      const header = await rpc
        .call<{ confirmations: number }>('getblockheader', batch.block_hash)
        .catch(() => ({ confirmations: -1 }));
      if (header.confirmations > 0) return { confirmations: header.confirmations };
      const below = Number(batch.block_height) - 1;
      await db.transaction(async (trx) => {
        await repo.update(trx, batch.id, { block_hash: null, block_height: null, searched_height: below });
        await repo.withdrawalsInBlock(trx, batch.family_id, { hash: null, height: null });
      });
      batch = { ...batch, block_hash: null, block_height: null, searched_height: below };
    }
    const inMempool = await rpc.call('getmempoolentry', batch.txid).then(
      () => true,
      () => false,
    );
    if (inMempool) return { confirmations: 0 };
    let height = Number(batch.searched_height ?? tip - 1);
    const until = Math.min(tip, height + searchBlocksPerPass);
    while (height < until) {
      height++;
      const hash = await rpc.call<string>('getblockhash', height);
      const block = await rpc.call<{ tx: string[] }>('getblock', hash, 1);
      if (block.tx.includes(batch.txid)) {
        await db.transaction(async (trx) => {
          await repo.update(trx, batch.id, { block_hash: hash, block_height: height, searched_height: height });
          await repo.withdrawalsInBlock(trx, batch.family_id, { hash, height });
        });
        return { confirmations: tip - height + 1 };
      }
    }
    await repo.update(db, batch.id, { searched_height: height });
    // Searched to the tip without finding it: unseen. Short of the tip, the search goes on next pass.
    return height >= tip ? 'unseen' : { confirmations: 0 };
  }

  return service;
}

export type PayoutBatches = ReturnType<typeof createPayoutBatches>;
export type { PayoutBatchRow } from './payout-batches.repo';
