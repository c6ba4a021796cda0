import type { Knex } from 'knex';
import type { ChainCoin, ChainConfig } from '../../config/chains';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit/audit.api';
import { notify } from '../notifications/notifications.api';
import { postTransfer } from '../ledger/ledger.service';
import type { KycLimitsConfig } from '../../contracts/kyc-limits';
import { holdDepositIfNeeded } from '../kyc/kyc-limits.service';
import { isDepositFrozen } from '../sanctions/sanctions.api';
import { payReferralBonus } from '../referrals/referrals.service';
import { lowerRate, paymentCents } from './amounts';
import { creditRepo } from './credit.repo';
import type { LiveRates } from './live-rate';

export interface CreditOptions {
  chain: string;
  config: ChainConfig;
  clock: Clock;
  liveRates: LiveRates;
  /** The operator's referral bonus rate: an on-chain deposit counts like a confirmed receipt. */
  referralBonusRate: number;
  /** The configuration's limits per identity level (`config.operator.kycLimits`), which the admin desk may override. */
  kycLimits: KycLimitsConfig;
  /** Test seam: runs inside the credit's transaction after the ledger post, as a crash there would. */
  afterPost?: () => Promise<void>;
}

/**
 * Credits every payment with enough confirmations on the scanned chain (`scanned` is a block whose
 * ancestry this pass checked). Each credit is one transaction: the row is locked, found still
 * uncredited, marked credited and posted to the ledger under `deposit:<chain>:<tx>:<index>`, so a
 * crash or a second watcher can never credit a payment twice. Returns how many were credited.
 */
export async function creditConfirmed(db: Knex, scanned: number, options: CreditOptions) {
  const { chain, config } = options;
  const lastCreditable = scanned - config.confirmations + 1;
  await creditRepo.markConfirming(db, chain, scanned);
  const due = await creditRepo.dueForCredit(db, chain, lastCreditable);
  let credited = 0;
  for (const payment of due) {
    // Only coins beyond what the quote covers need a live rate; fetched outside the transaction.
    const needsLiveRate = payment.rate === null && BigInt(payment.units) > BigInt(payment.quoted_units);
    const live = needsLiveRate ? (await options.liveRates(payment.coin as ChainCoin))?.rate : undefined;
    if (needsLiveRate && !live) continue;
    if (await db.transaction((trx) => creditOne(trx, payment.id, live, options))) credited += 1;
  }
  return credited;
}

async function creditOne(trx: Knex.Transaction, id: number, liveRate: string | undefined, options: CreditOptions) {
  const payment = await creditRepo.paymentForUpdate(trx, id);
  if (!payment || !['seen', 'confirming'].includes(payment.status)) return false;
  const now = options.clock.now();
  if (payment.credited_at) {
    // Credited before a reorg moved it; found again, it is credited as it was (the ledger key forbids a second post).
    await creditRepo.markCreditedAgain(trx, id);
    return false;
  }
  const quote = await creditRepo.quoteTerms(trx, payment.quote_id);
  // A rate first known now: inside the window never above the quote's, as it would have been when first seen.
  const rate =
    payment.rate ??
    (liveRate === undefined ? quote!.rate : payment.priced_by_quote ? lowerRate(quote!.rate, liveRate) : liveRate);
  const priced = paymentCents(
    { units: BigInt(payment.units), quotedUnits: BigInt(payment.quoted_units), rate, decimals: payment.decimals },
    { coinUnits: BigInt(quote!.coin_units), amountCents: Number(quote!.amount_cents) },
  );
  const cents = priced.total!;
  await creditRepo.markCredited(trx, id, { rate, cents, at: now });
  const key = `deposit:${options.chain}:${payment.tx_hash}:${payment.output_index}`;
  if (cents > 0) {
    // Above the investor's 30-day deposit limit the payment is credited but held until their level allows it.
    const held = await holdDepositIfNeeded(
      trx,
      { clock: options.clock, config: { operator: { kycLimits: options.kycLimits } } },
      {
        userId: payment.user_id,
        amountCents: cents,
        depositKey: key,
        at: now,
        // A payer on a sanctions list (screened when the payment was first seen): credited, but frozen.
        sanctioned: await isDepositFrozen(trx, key),
      },
    );
    await postTransfer(trx, {
      idempotencyKey: key,
      kind: 'deposit',
      subjectUserId: payment.user_id,
      at: now,
      details: {
        chain: options.chain,
        txHash: payment.tx_hash,
        index: payment.output_index,
        quoteId: payment.quote_id,
      },
      legs: [
        { account: { system: 'deposits_received' }, amountCents: -cents },
        { account: { owner: payment.user_id, kind: held ? 'held' : 'available' }, amountCents: cents },
      ],
    });
    // Once per referred investor (its ledger key), on the first deposit whichever way it came.
    const deposit = { id: payment.quote_id, user_id: payment.user_id, amount_cents: cents };
    await payReferralBonus(trx, deposit, options.referralBonusRate, now);
    // A held payment's investor is told by its deposit.held notice instead.
    if (!held)
      await notify(trx, {
        userId: payment.user_id,
        kind: 'deposit.confirmed',
        params: { amountCents: cents, coin: payment.coin },
        link: '/transaction?tab=deposit',
        eventKey: key,
        at: now,
      });
  }
  await recordAudit(trx, {
    actorId: null,
    action: 'chain-deposit.credit',
    subjectType: 'chain_payment',
    subjectId: String(id),
    after: {
      key,
      coin: payment.coin,
      units: payment.units,
      rate,
      cents,
      quoteId: payment.quote_id,
    },
    at: now,
  });
  await options.afterPost?.();
  return true;
}
