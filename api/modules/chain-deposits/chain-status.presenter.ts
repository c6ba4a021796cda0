import type { AddressGap, ChainStatus } from '../../contracts/deposit-quotes';
import type { ScannerRow } from './scanner.repo';

/** A configured chain's watcher as the admin sees it; a chain never scanned has nulls. */
export function presentChainStatus(chain: string, rows: ScannerRow[], addressGap: AddressGap): ChainStatus {
  const row = rows.find((candidate) => candidate.chain === chain);
  const tipHeight = row?.tip_height ?? null;
  const scannedHeight = row?.scanned_height ?? null;
  return {
    chain,
    addressGap,
    tipHeight,
    scannedHeight,
    lag: tipHeight !== null && scannedHeight !== null ? tipHeight - scannedHeight : null,
    lastScanAt: row?.last_scan_at ? new Date(row.last_scan_at).toISOString() : null,
    lastError: row?.last_error ?? null,
  };
}

/**
 * The longest run of receive addresses in a row that never received coins, among the `issued` first ones (`used`
 * holds the indices that did): leading, between two used ones, or trailing.
 */
export function addressGapOf(issued: number, used: number[], gapLimit: number): AddressGap {
  let longest = 0;
  let previous = -1;
  for (const index of [...used].sort((a, b) => a - b)) {
    longest = Math.max(longest, index - previous - 1);
    previous = index;
  }
  longest = Math.max(longest, issued - previous - 1);
  return { gapLimit, issued, longestUnusedRun: longest, beyondGapLimit: longest >= gapLimit };
}
