import type { Db } from '../../db/connect';
import { latestSubmissionStatus } from './kyc-level.repo';

/** 0: e-mail verified (or not yet); 1: identity submitted and approved by the operator. */
export type KycLevel = 0 | 1;

/** The investor's level: 1 when their latest identity submission is approved (approval is final), 0 otherwise. */
export async function kycLevelOf(executor: Db, userId: string): Promise<KycLevel> {
  return (await latestSubmissionStatus(executor, userId)) === 'approved' ? 1 : 0;
}
