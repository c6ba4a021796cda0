import type { Knex } from 'knex';
import { conflict } from '../../lib/domain-errors';

/**
 * `held`: money credited to the investor but not theirs to use yet (a deposit above their identity level's limit, or
 * from a sanctioned source); it leaves only by a release to `available` (api/modules/kyc/fund-holds.service.ts).
 */
export type InvestorAccountKind = 'available' | 'invested' | 'pending_withdrawal' | 'held';
export type SystemAccountKind =
  | 'deposits_received'
  | 'payouts'
  | 'returns_paid'
  | 'bonuses'
  // A payout batch's network fee, paid from the operator's own funds.
  | 'network_fees'
  | 'operator_funds';
export type AccountRef = { owner: string; kind: InvestorAccountKind } | { system: SystemAccountKind };
export type TransactionKind =
  | 'deposit'
  | 'investment'
  | 'maturity'
  | 'withdrawal_hold'
  | 'withdrawal_paid'
  | 'withdrawal_released'
  | 'referral_bonus'
  | 'payout_network_fee'
  // Held money moved to the investor's available balance (held -> available), once per hold.
  | 'hold_released';

export interface Transfer {
  idempotencyKey: string;
  kind: TransactionKind;
  /** The investor it is about; null for the operator's own transfers (a batch's network fee). */
  subjectUserId: string | null;
  actorId?: string | null;
  details?: Record<string, unknown>;
  legs: Array<{ account: AccountRef; amountCents: number }>;
  at: Date;
}

export const insufficientBalance = () => conflict('Insufficient balance');

type InvestorRef = { owner: string; kind: InvestorAccountKind };
const isInvestorRef = (ref: AccountRef): ref is InvestorRef => 'owner' in ref;

async function resolveAccountIds(trx: Knex.Transaction, refs: AccountRef[]): Promise<number[]> {
  // Created in one order everywhere, so two first transfers of one investor cannot deadlock on the unique index.
  const owned = refs
    .filter(isInvestorRef)
    .sort((a, b) => a.owner.localeCompare(b.owner) || a.kind.localeCompare(b.kind));
  if (owned.length > 0) {
    await trx('ledger_accounts')
      .insert(owned.map((ref) => ({ owner_id: ref.owner, kind: ref.kind })))
      .onConflict(['owner_id', 'kind'])
      .ignore();
  }
  const rows = await trx('ledger_accounts')
    .select<{ id: number; owner_id: string | null; kind: string }[]>('id', 'owner_id', 'kind')
    .where((query) => {
      for (const ref of refs) {
        if (isInvestorRef(ref)) query.orWhere({ owner_id: ref.owner, kind: ref.kind });
        else query.orWhere((system) => system.whereNull('owner_id').andWhere({ kind: ref.system }));
      }
    });
  return refs.map((ref) => {
    const row = rows.find((candidate) =>
      isInvestorRef(ref)
        ? candidate.owner_id === ref.owner && candidate.kind === ref.kind
        : candidate.owner_id === null && candidate.kind === ref.system,
    );
    if (!row) throw new Error(`ledger account missing: ${JSON.stringify(ref)}`);
    return Number(row.id);
  });
}

/**
 * The one function that writes the ledger. Inside the caller's transaction it records one
 * business event under a unique idempotency key (a repeat posts nothing and returns
 * `posted: false`), locks the investor accounts in id order (no deadlocks), refuses any
 * overdraft, appends entries that sum to zero with each investor balance-after, and adds the
 * system-account legs to the subject's running flow totals (ledger_flow_totals).
 *
 * System accounts are in nearly every transfer, so they are neither locked nor rewritten (that
 * queued every transfer on the platform behind one row): their balance is the sum of their
 * entries, their entries carry no balance_after, and the flow totals are per investor rows.
 */
export async function postTransfer(
  trx: Knex.Transaction,
  transfer: Transfer,
): Promise<{ posted: boolean; transactionId?: number }> {
  if (!trx.isTransaction) throw new Error('postTransfer needs a transaction');
  const { legs } = transfer;
  if (legs.length < 2 || legs.some((leg) => !Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)) {
    throw new Error('a transfer needs at least two non-zero integer legs');
  }
  if (legs.reduce((sum, leg) => sum + leg.amountCents, 0) !== 0) throw new Error('transfer legs must sum to zero');

  const [inserted] = await trx('ledger_transactions')
    .insert({
      idempotency_key: transfer.idempotencyKey,
      kind: transfer.kind,
      subject_user_id: transfer.subjectUserId,
      actor_id: transfer.actorId ?? null,
      details: transfer.details ? JSON.stringify(transfer.details) : null,
      created_at: transfer.at,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning<{ id: number }[]>('id');
  if (!inserted) return { posted: false };

  const accountIds = await resolveAccountIds(
    trx,
    legs.map((leg) => leg.account),
  );
  const investorAccountIds = [...new Set(accountIds.filter((_, index) => isInvestorRef(legs[index]!.account)))];
  const locked =
    investorAccountIds.length === 0
      ? []
      : await trx('ledger_accounts')
          .select<{ id: number; balance: number; allow_negative: boolean }[]>('id', 'balance', 'allow_negative')
          .whereIn('id', investorAccountIds)
          .orderBy('id')
          .forUpdate();
  const balances = new Map(locked.map((row) => [Number(row.id), Number(row.balance)]));
  const mayGoNegative = new Set(locked.filter((row) => row.allow_negative).map((row) => Number(row.id)));
  const systemFlows = new Map<number, number>();

  const entries = legs.map((leg, index) => {
    const accountId = accountIds[index]!;
    if (!isInvestorRef(leg.account)) {
      systemFlows.set(accountId, (systemFlows.get(accountId) ?? 0) + leg.amountCents);
      return { transaction_id: inserted.id, account_id: accountId, amount_cents: leg.amountCents, balance_after: null };
    }
    const balance = balances.get(accountId)! + leg.amountCents;
    balances.set(accountId, balance);
    return {
      transaction_id: inserted.id,
      account_id: accountId,
      amount_cents: leg.amountCents,
      balance_after: balance,
    };
  });
  if ([...balances].some(([id, balance]) => balance < 0 && !mayGoNegative.has(id))) throw insufficientBalance();

  if (balances.size > 0) {
    const values = [...balances].flatMap(([id, balance]) => [id, balance]);
    await trx.raw(
      `update ledger_accounts a set balance = v.balance
       from (values ${[...balances].map(() => '(?::bigint, ?::bigint)').join(', ')}) as v (id, balance) where a.id = v.id`,
      values,
    );
  }
  await trx('ledger_entries').insert(entries);
  if (systemFlows.size > 0 && transfer.subjectUserId !== null) {
    // In account id order, so concurrent transfers about one investor take these rows in one order.
    await trx('ledger_flow_totals')
      .insert(
        [...systemFlows]
          .sort(([a], [b]) => a - b)
          .map(([accountId, total]) => ({
            subject_user_id: transfer.subjectUserId,
            account_id: accountId,
            transaction_kind: transfer.kind,
            total_cents: total,
          })),
      )
      .onConflict(['subject_user_id', 'account_id', 'transaction_kind'])
      .merge({ total_cents: trx.raw('ledger_flow_totals.total_cents + excluded.total_cents') });
  }
  return { posted: true, transactionId: Number(inserted.id) };
}
