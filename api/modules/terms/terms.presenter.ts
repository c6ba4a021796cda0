import type { TermsAcceptanceAnswer, TermsStatusAnswer } from '../../contracts/terms';
import type { TermsAcceptanceRow } from './terms.repo';

export const presentTermsAcceptance = (row: TermsAcceptanceRow): TermsAcceptanceAnswer => ({
  version: row.version,
  acceptedAt: row.accepted_at.toISOString(),
  context: row.context,
  planId: row.plan_id,
  planVersion: row.plan_version,
});

export const presentTermsStatus = (version: string, accepted: TermsAcceptanceRow | undefined): TermsStatusAnswer => ({
  version,
  acceptedVersion: accepted?.version ?? null,
  acceptedAt: accepted?.accepted_at.toISOString() ?? null,
});
