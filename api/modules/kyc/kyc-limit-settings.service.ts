import type { Knex } from 'knex';
import type { KycLimitsUpdate } from '../../contracts/kyc-limits';
import { centsToDollars } from '../../contracts/money';
import type { Db } from '../../db/connect';
import { recordAudit } from '../audit/audit.api';
import { fundHoldsRepo } from './fund-holds.repo';
import { kycLevelOf, type KycLevel } from './kyc-level';
import { kycLimitsRepo } from './kyc-limits.repo';
import { auditHoldRelease, limitTable, releaseHeldFunds, type LimitDeps, type LimitTable } from './kyc-limits.service';

const asDollars = (table: LimitTable) => ({
  level0: { deposit: centsToDollars(table[0].deposit), withdrawal: centsToDollars(table[0].withdrawal) },
  level1: { deposit: centsToDollars(table[1].deposit), withdrawal: centsToDollars(table[1].withdrawal) },
});

const centsRow = (level: { deposit: number; withdrawal: number }) => ({
  deposit_cents: level.deposit,
  withdrawal_cents: level.withdrawal,
});

/** The limits of both levels in dollars, as the desk shows and edits them. */
export const limitsForDesk = async (executor: Db, deps: LimitDeps) => asDollars(await limitTable(executor, deps));

/**
 * The `kyc_limit` holds of the investors at a level whose deposit limit was just raised, released as far as the new
 * limit allows, as a rise of their level releases them (notified the same way); each release audited under the admin
 * with the level's new limits. Returns the ids of the holds released.
 */
async function releaseForRaisedLimits(
  trx: Knex.Transaction,
  deps: LimitDeps,
  adminId: string,
  { raised, limits }: { raised: KycLevel[]; limits: LimitTable },
) {
  const released: string[] = [];
  for (const userId of await fundHoldsRepo.usersHolding(trx, 'kyc_limit')) {
    const level = await kycLevelOf(trx, userId);
    if (!raised.includes(level)) continue;
    for (const hold of await releaseHeldFunds(trx, deps, userId, adminId)) {
      released.push(hold.id);
      const newLimits = { [`level${level}`]: asDollars(limits)[`level${level}`] };
      await auditHoldRelease(trx, adminId, hold, { limits: newLimits }, deps.clock.now());
    }
  }
  return released;
}

/**
 * An admin sets both levels' limits; audited with what they were and what they are, and the ids of the holds a raised
 * deposit limit released.
 */
export async function updateKycLimits(db: Knex, deps: LimitDeps, adminId: string, input: KycLimitsUpdate) {
  return db.transaction(async (trx) => {
    await kycLimitsRepo.lockSettings(trx);
    const before = await limitTable(trx, deps);
    const now = deps.clock.now();
    await kycLimitsRepo.upsert(trx, [
      { level: 0, ...centsRow(input.level0), updated_by: adminId, updated_at: now },
      { level: 1, ...centsRow(input.level1), updated_by: adminId, updated_at: now },
    ]);
    const after = await limitTable(trx, deps);
    const raised = ([0, 1] as const).filter((level) => after[level].deposit > before[level].deposit);
    const released =
      raised.length > 0 ? await releaseForRaisedLimits(trx, deps, adminId, { raised, limits: after }) : [];
    await recordAudit(trx, {
      actorId: adminId,
      action: 'kyc_limits.update',
      subjectType: 'kyc_limits',
      before: { limits: asDollars(before) },
      after: { limits: asDollars(after), ...(released.length > 0 ? { ids: released } : {}) },
      at: now,
    });
    return asDollars(after);
  });
}
