import type { SanctionsDecision, SanctionsIncident } from '../../contracts/sanctions';
import type { IncidentRow } from './sanctions.repo';

export const presentIncident = (row: IncidentRow & { email: string | null }): SanctionsIncident => ({
  id: String(row.id),
  kind: row.kind,
  userId: row.user_id,
  email: row.email,
  chain: row.chain,
  address: row.address,
  subjectId: row.subject_id,
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  decidedBy: row.decided_by,
  decision: row.decision as SanctionsDecision | null,
  note: row.note,
});
