import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import type { LiabilitySnapshot } from '../../../../api/contracts/answers';

export type { LiabilitySnapshot };

/**
 * The published snapshots, newest first: read by the public /proof-of-liabilities page and by the investor's check
 * on /asset, which compares its proof with the root published here rather than with the root the proof names.
 */
export const liabilitySnapshotsQuery = () =>
  queryOptions({
    queryKey: ['liability-snapshots'],
    queryFn: () => apiGet<{ snapshots: LiabilitySnapshot[] }>('proof-of-liabilities'),
  });

export const useLiabilitySnapshots = () => useQuery(liabilitySnapshotsQuery());

/** Hands the visitor a file made in the page: a snapshot's root, their own proof, the standalone verifier. */
export function downloadFile(fileName: string, contents: string, type: string) {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadJson = (fileName: string, data: unknown) =>
  downloadFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
