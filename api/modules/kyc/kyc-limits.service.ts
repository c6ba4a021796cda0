import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { defaultKycLimits, type KycLimitsConfig } from '../../contracts/kyc-limits';
import { centsToDollars, centsToDollarText } from '../../contracts/money';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { conflict, DomainError, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { depositsCreditedSince, withdrawalsRequestedSince } from '../ledger/ledger.api';
import { postTransfer } from '../ledger/ledger.service';
import { notify } from '../notifications/notifications.api';
import { fundHoldsRepo, type FundHoldRow, type HoldReason } from './fund-holds.repo';
import { kycLevelOf, type KycLevel } from './kyc-level';
import { kycLimitsRepo } from './kyc-limits.repo';

/** What the limits need of the app's deps (`AppDeps` has it): the time, and the configuration's default limits. */
export interface LimitDeps {
  clock: Clock;
  config: { operator: { kycLimits?: KycLimitsConfig } };
}

export type LevelLimits = { deposit: number; withdrawal: number };
/** Each level's limits in cents per rolling 30 days. */
export type LimitTable = Record<KycLevel, LevelLimits>;

const windowMs = 30 * 24 * 60 * 60 * 1000;
const windowStart = (clock: Clock) => new Date(clock.now().getTime() - windowMs);
const toCents = (dollars: number) => Math.round(dollars * 100);

/** The limits in force: the operator's edits on the desk, else the configuration's (else the built-in) defaults. */
export async function limitTable(executor: Db, deps: LimitDeps): Promise<LimitTable> {
  const config = deps.config.operator.kycLimits ?? defaultKycLimits;
  const table: LimitTable = {
    0: { deposit: toCents(config.level0.deposit), withdrawal: toCents(config.level0.withdrawal) },
    1: { deposit: toCents(config.level1.deposit), withdrawal: toCents(config.level1.withdrawal) },
  };
  for (const row of await kycLimitsRepo.settings(executor)) {
    if (row.level === 0 || row.level === 1)
      table[row.level] = { deposit: row.deposit_cents, withdrawal: row.withdrawal_cents };
  }
  return table;
}

/**
 * The investor's level and, in cents, each limit with how much of it the last 30 days used: deposits credited
 * (held ones not counted until released) and withdrawals requested (rejected ones not counted).
 */
export async function kycLimitsOf(executor: Db, deps: LimitDeps, userId: string) {
  const since = windowStart(deps.clock);
  // One after the other: inside a transaction the queries share its connection anyway.
  const level = await kycLevelOf(executor, userId);
  const table = await limitTable(executor, deps);
  const credited = await depositsCreditedSince(executor, userId, since);
  const held = await fundHoldsRepo.unreleasedSince(executor, userId, since);
  const withdrawn = await withdrawalsRequestedSince(executor, userId, since);
  return {
    level,
    limits: {
      deposit: { limit: table[level].deposit, used: credited - held },
      withdrawal: { limit: table[level].withdrawal, used: withdrawn },
    },
  };
}
export type KycLimits = Awaited<ReturnType<typeof kycLimitsOf>>;

/** The limits as the API answers them: dollars, as every amount it sends. */
export const presentKycLimits = ({ level, limits }: KycLimits) => ({
  level,
  limits: {
    deposit: { limit: centsToDollars(limits.deposit.limit), used: centsToDollars(limits.deposit.used) },
    withdrawal: { limit: centsToDollars(limits.withdrawal.limit), used: centsToDollars(limits.withdrawal.used) },
  },
});

const dollars = (cents: number) => `$${centsToDollarText(cents)}`;

/**
 * Refuses (403, `code: 'kyc_limit'`) a withdrawal request that would take the investor's last 30 days of withdrawals
 * above their level's limit. Call it in the request's transaction before the money is held: the investor's lock makes
 * two requests at once count each other.
 */
export async function assertWithdrawalWithinLimit(
  trx: Knex.Transaction,
  deps: LimitDeps,
  userId: string,
  amountCents: number,
) {
  await kycLimitsRepo.lockInvestor(trx, userId);
  const { level, limits } = await kycLimitsOf(trx, deps, userId);
  const { limit, used } = limits.withdrawal;
  if (used + amountCents <= limit) return;
  const left = Math.max(0, limit - used);
  const next =
    level === 0
      ? 'Verify your identity to raise it.'
      : 'Ask support if you need more, or wait until earlier withdrawals are older than 30 days.';
  throw new DomainError(
    'forbidden',
    `Your withdrawal limit is ${dollars(limit)} per 30 days; you have used ${dollars(used)}, so ${dollars(left)} is left. ${next}`,
    {
      details: {
        code: 'kyc_limit',
        level,
        limit: centsToDollars(limit),
        used: centsToDollars(used),
      },
    },
  );
}

export interface DepositToCredit {
  userId: string;
  amountCents: number;
  /** The deposit's ledger idempotency key (`deposit:<id>`, `deposit:<chain>:<tx>:<output>`): one hold per deposit. */
  depositKey: string;
  at: Date;
  /** Hold it whatever the limits: the sanctions screening found its source listed. */
  sanctioned?: boolean;
}

/**
 * Whether a deposit about to be credited must be held, and if so records why (`fund_holds`) and tells the investor.
 * Returns the reason, or null when it may be credited as usual. The caller then posts the deposit to the investor's
 * `held` account instead of `available` (or `invested`) in the same transaction, and starts no plan with it.
 * A deposit is held (`kyc_limit`) when the last 30 days of deposits credited plus this one exceed the level's limit;
 * the investor's lock makes two credits at once count each other.
 */
export async function holdDepositIfNeeded(
  trx: Knex.Transaction,
  deps: LimitDeps,
  deposit: DepositToCredit,
): Promise<HoldReason | null> {
  await kycLimitsRepo.lockInvestor(trx, deposit.userId);
  let reason: HoldReason | null = deposit.sanctioned ? 'sanctions' : null;
  if (!reason) {
    const { limits } = await kycLimitsOf(trx, deps, deposit.userId);
    if (limits.deposit.used + deposit.amountCents > limits.deposit.limit) reason = 'kyc_limit';
  }
  if (!reason) return null;
  await fundHoldsRepo.insert(trx, {
    id: randomUUID(),
    user_id: deposit.userId,
    deposit_key: deposit.depositKey,
    reason,
    amount_cents: deposit.amountCents,
    created_at: deposit.at,
  });
  await notify(trx, {
    userId: deposit.userId,
    kind: 'deposit.held',
    params: { amountCents: deposit.amountCents, reason },
    link: '/asset',
    eventKey: `deposit-held:${deposit.depositKey}`,
    at: deposit.at,
  });
  return reason;
}

/** Moves one hold's money held → available, once (`hold-release:<id>`), and tells the investor. */
async function release(trx: Knex.Transaction, hold: FundHoldRow, at: Date, actorId: string | null) {
  await fundHoldsRepo.markReleased(trx, hold.id, at, actorId);
  await postTransfer(trx, {
    idempotencyKey: `hold-release:${hold.id}`,
    kind: 'hold_released',
    subjectUserId: hold.user_id,
    actorId,
    at,
    details: { holdId: hold.id, depositKey: hold.deposit_key, reason: hold.reason },
    legs: [
      { account: { owner: hold.user_id, kind: 'held' }, amountCents: -hold.amount_cents },
      { account: { owner: hold.user_id, kind: 'available' }, amountCents: hold.amount_cents },
    ],
  });
  await notify(trx, {
    userId: hold.user_id,
    kind: 'deposit.released',
    params: { amountCents: hold.amount_cents },
    link: '/asset',
    eventKey: `deposit-released:${hold.id}`,
    at,
  });
}

/**
 * Releases the investor's `kyc_limit` holds that their level's deposit limit now allows, oldest first (a hold that
 * does not fit is skipped, a smaller later one may still fit), in the caller's transaction (the approval of their
 * identity, or the operator raising their level's limit: `actorId`). Returns the holds released. Two calls at once release each hold once: they queue on the investor's
 * lock and the hold rows, and each release has its own ledger key.
 */
export async function releaseHeldFunds(
  trx: Knex.Transaction,
  deps: LimitDeps,
  userId: string,
  actorId: string | null = null,
) {
  await kycLimitsRepo.lockInvestor(trx, userId);
  const holds = await fundHoldsRepo.unreleasedForUpdate(trx, userId, 'kyc_limit');
  if (holds.length === 0) return [];
  const since = windowStart(deps.clock);
  const { limits } = await kycLimitsOf(trx, deps, userId);
  let used = limits.deposit.used;
  const released: FundHoldRow[] = [];
  for (const hold of holds) {
    // A hold older than 30 days no longer counts against the window once released.
    const counts = hold.created_at >= since;
    if (counts && used + hold.amount_cents > limits.deposit.limit) continue;
    await release(trx, hold, deps.clock.now(), actorId);
    if (counts) used += hold.amount_cents;
    released.push(hold);
  }
  return released;
}

/**
 * Releases the `sanctions` hold of one deposit, its incident released by an admin (audited with the incident): held →
 * available, once, in the caller's transaction. Returns whether there was one: none while the deposit still waits for
 * its confirmations (it is then credited as usual).
 */
export async function releaseSanctionsHold(
  trx: Knex.Transaction,
  hold: { userId: string; depositKey: string; adminId: string; at: Date },
) {
  const held = (await fundHoldsRepo.unreleasedForUpdate(trx, hold.userId, 'sanctions')).find(
    (row) => row.deposit_key === hold.depositKey,
  );
  if (!held) return false;
  await release(trx, held, hold.at, hold.adminId);
  return true;
}

/** A hold an admin released, by hand or by raising a limit, in the audit log: what was held, and why it was let go. */
export const auditHoldRelease = (
  trx: Knex.Transaction,
  adminId: string,
  hold: FundHoldRow,
  why: { note: string } | { limits: Record<string, unknown> },
  at: Date,
) =>
  recordAudit(trx, {
    actorId: adminId,
    action: 'fund_hold.release',
    subjectType: 'fund_hold',
    subjectId: hold.id,
    before: { status: 'held', amountCents: hold.amount_cents, reason: hold.reason, key: hold.deposit_key },
    after: { status: 'released', ...why },
    at,
  });

/**
 * An admin releases a `kyc_limit` hold by hand (audited with their note). Sanctions holds are decided through their
 * incident, not here.
 */
export async function releaseHoldByAdmin(db: Knex, deps: LimitDeps, adminId: string, holdId: string, note: string) {
  return db.transaction(async (trx) => {
    const hold = await fundHoldsRepo.byIdForUpdate(trx, holdId);
    if (!hold) throw notFound('Hold not found');
    if (hold.reason !== 'kyc_limit') throw conflict('A sanctions hold is decided through its incident');
    if (hold.released_at) throw conflict('This money was already released');
    const now = deps.clock.now();
    await release(trx, hold, now, adminId);
    await auditHoldRelease(trx, adminId, hold, { note }, now);
    return { ...hold, released_at: now, released_by: adminId };
  });
}

/** The investor's holds, newest first, released ones included. */
export const holdsOf = (executor: Db, userId: string) => fundHoldsRepo.ofUser(executor, userId);
