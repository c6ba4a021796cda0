import type { AppDeps } from '../../app-deps';
import { conflict, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { chainAdminRepo } from './chain-admin.repo';

/**
 * Closes an incident with what the operator found and did. The row is locked, so of two admins resolving it at once
 * one wins and the other is told; the closing is audited in the same transaction.
 */
export async function resolveIncident({ db, clock }: AppDeps, adminId: string, id: number, resolution: string) {
  await db.transaction(async (trx) => {
    const incident = await chainAdminRepo.incidentForUpdate(trx, id);
    if (!incident) throw notFound('Incident not found');
    if (incident.resolved_at) throw conflict('Incident already resolved');
    const at = clock.now();
    await chainAdminRepo.resolveIncident(trx, id, { at, adminId, resolution });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'chain_incident.resolve',
      subjectType: 'chain_incident',
      subjectId: String(id),
      before: { resolvedAt: null },
      after: { chain: incident.chain, kind: incident.kind, resolution },
      at,
    });
  });
  return (await chainAdminRepo.incidentById(db, id))!;
}
