// What other modules use of identity checks: the investor's level, their erasure and data export, the admin's user page.
import type { Db } from '../../db/connect';
import { presentKycSummary } from './kyc.presenter';
import { kycRepo } from './kyc.repo';

export { kycLevelOf, type KycLevel } from './kyc-level';
export { eraseKycData, kycExportOf } from './kyc.service';

/** The investor's latest submission as the admin's user page shows it (status, reason, times), or null. */
export async function latestKycSubmissionOf(executor: Db, userId: string) {
  const latest = await kycRepo.latestOf(executor, userId);
  return latest ? { id: latest.id, ...presentKycSummary(latest) } : null;
}
