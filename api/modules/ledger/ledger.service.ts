import type { Knex } from 'knex';
import { HttpError } from '../../lib/errors';

export type InvestorAccountKind = 'available' | 'invested' | 'pending_withdrawal';
export type SystemAccountKind = 'deposits_received' | 'payouts' | 'returns_paid' | 'bonuses';
export type AccountRef = { owner: string; kind: InvestorAccountKind } | { system: SystemAccountKind };
export type TransactionKind =
  | 'deposit' | 'investment' | 'maturity' | 'withdrawal_hold' | 'withdrawal_paid' | 'withdrawal_released' | 'referral_bonus';

export interface Transfer {
  idempotencyKey: string;
  kind: TransactionKind;
  subjectUserId: string;
  actorId?: string | null;
  details?: Record<string, unknown>;
  legs: Array<{ account: AccountRef; amountCents: number }>;
  at: Date;
}

export const insufficientBalance = () => new HttpError(409, 'Insufficient balance');

async function resolveAccountIds(trx: Knex.Transaction, refs: AccountRef[]): Promise<number[]> {
  const owned = refs.filter((ref): ref is { owner: string; kind: InvestorAccountKind } => 'owner' in ref);
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
        if ('owner' in ref) query.orWhere({ owner_id: ref.owner, kind: ref.kind });
        else query.orWhere((system) => system.whereNull('owner_id').andWhere({ kind: ref.system }));
      }
    });
  return refs.map((ref) => {
    const row = rows.find((candidate) =>
      'owner' in ref ? candidate.owner_id === ref.owner && candidate.kind === ref.kind : candidate.owner_id === null && candidate.kind === ref.system,
    );
    if (!row) throw new Error(`ledger account missing: ${JSON.stringify(ref)}`);
    return Number(row.id);
  });
}

/**
 * The one function that writes the ledger. Inside the caller's transaction it records one
 * business event under a unique idempotency key (a repeat posts nothing and returns
 * `posted: false`), locks the accounts in id order (no deadlocks), refuses any overdraft of a
 * non-system account, and appends entries that sum to zero with each balance-after.
 */
export async function postTransfer(trx: Knex.Transaction, transfer: Transfer): Promise<{ posted: boolean; transactionId?: number }> {
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

  const accountIds = await resolveAccountIds(trx, legs.map((leg) => leg.account));
  const locked = await trx('ledger_accounts')
    .select<{ id: number; balance: number; allow_negative: boolean }[]>('id', 'balance', 'allow_negative')
    .whereIn('id', [...new Set(accountIds)])
    .orderBy('id')
    .forUpdate();
  const balances = new Map(locked.map((row) => [Number(row.id), { balance: Number(row.balance), allowNegative: row.allow_negative }]));

  const entries = legs.map((leg, index) => {
    const accountId = accountIds[index]!;
    const account = balances.get(accountId)!;
    account.balance += leg.amountCents;
    return { transaction_id: inserted.id, account_id: accountId, amount_cents: leg.amountCents, balance_after: account.balance };
  });
  for (const [accountId, account] of balances) {
    if (!account.allowNegative && account.balance < 0) throw insufficientBalance();
    await trx('ledger_accounts').where({ id: accountId }).update({ balance: account.balance });
  }
  await trx('ledger_entries').insert(entries);
  return { posted: true, transactionId: Number(inserted.id) };
}

/** An investor's three balances in cents, read from the account rows the ledger keeps. */
export async function investorBalances(db: Knex | Knex.Transaction, userId: string) {
  const rows = await db('ledger_accounts').where({ owner_id: userId }).select<{ kind: InvestorAccountKind; balance: number }[]>('kind', 'balance');
  const balance = (kind: InvestorAccountKind) => Number(rows.find((row) => row.kind === kind)?.balance ?? 0);
  return { available: balance('available'), invested: balance('invested'), pendingWithdrawal: balance('pending_withdrawal') };
}
