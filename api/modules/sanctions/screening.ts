import type { Db } from '../../db/connect';
import { DomainError } from '../../lib/domain-errors';
import { notifyOperators } from '../notifications/notifications.api';
import { listsScreenedFor, normaliseAddress, type SanctionsList } from './address-rules';
import { sanctionsRepo, type IncidentKind } from './sanctions.repo';

/** What the investor is told of a refused address: nothing of why (no tipping off), only who can help. */
export const neutralRefusal = 'This address cannot be used. Contact support.';

/** The 422 of a listed address: `code` lets the app say the same neutral words in the investor's language. */
export const refusedAddress = (field?: string) =>
  new DomainError('unprocessable', neutralRefusal, {
    ...(field && { errors: { [field]: neutralRefusal } }),
    details: { code: 'address_refused' },
  });

/** Whether `address`, an address of `coin`'s chain, is on a loaded list: one indexed lookup per list screened. */
export function isSanctioned(executor: Db, coin: SanctionsList, address: string) {
  return sanctionsRepo.isListed(executor, listsScreenedFor(coin), normaliseAddress(coin, address));
}

export interface Hit {
  kind: IncidentKind;
  userId: string;
  coin: SanctionsList;
  address: string;
  subjectId: string;
  at: Date;
}

/**
 * Records a hit as an incident for the operator, once per subject and address, and tells every admin of a new one.
 * Returns whether the incident is new.
 */
export async function recordHit(trx: Db, hit: Hit) {
  const incident = await sanctionsRepo.recordIncident(trx, {
    kind: hit.kind,
    userId: hit.userId,
    chain: hit.coin,
    address: normaliseAddress(hit.coin, hit.address),
    subjectId: hit.subjectId,
    at: hit.at,
  });
  if (!incident) return false;
  await notifyOperators(trx, {
    kind: 'operator.sanctions',
    params: { coin: hit.coin, address: incident.address, context: hit.kind },
    link: '/admin/sanctions',
    eventKey: `sanctions-incident:${incident.id}`,
    at: hit.at,
  });
  return true;
}

/**
 * Screens an address about to be used for a subject: a listed address not released by the operator for this subject
 * is recorded as a hit (`recordHit`). Returns whether it is a hit (the caller refuses or holds).
 */
export async function screenForSubject(trx: Db, hit: Hit) {
  if (!(await isSanctioned(trx, hit.coin, hit.address))) return false;
  if (await sanctionsRepo.released(trx, hit.kind, hit.subjectId, normaliseAddress(hit.coin, hit.address))) return false;
  await recordHit(trx, hit);
  return true;
}

/** A withdrawal with an open incident is held: not approvable, not batched, not marked paid. */
export const isWithdrawalHeld = (executor: Db, withdrawalId: string) =>
  sanctionsRepo.hasOpen(executor, 'withdrawal', withdrawalId);

/** Of these withdrawals, the ones held by an open incident. */
export const heldWithdrawals = (executor: Db, withdrawalIds: readonly string[]) =>
  sanctionsRepo.openSubjects(executor, 'withdrawal', withdrawalIds);

/** A deposit whose payer was listed and not released by the operator: credited to the held balance, not usable. */
export const isDepositFrozen = (executor: Db, depositKey: string) => sanctionsRepo.frozenDeposit(executor, depositKey);
