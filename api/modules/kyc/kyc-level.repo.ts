import type { Db } from '../../db/connect';

/** The status of the investor's latest identity submission, or undefined when they never sent one. */
export async function latestSubmissionStatus(
  executor: Db,
  userId: string,
): Promise<'pending' | 'approved' | 'rejected' | undefined> {
  const row = await executor('kyc_submissions')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<{ status: 'pending' | 'approved' | 'rejected' } | undefined>('status');
  return row?.status;
}
