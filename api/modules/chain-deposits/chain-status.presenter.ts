import type { ChainStatus } from '../../contracts/deposit-quotes';
import type { ScannerRow } from './scanner.repo';

/** A configured chain's watcher as the admin sees it; a chain never scanned has nulls. */
export function presentChainStatus(chain: string, rows: ScannerRow[]): ChainStatus {
  const row = rows.find((candidate) => candidate.chain === chain);
  const tipHeight = row?.tip_height ?? null;
  const scannedHeight = row?.scanned_height ?? null;
  return {
    chain,
    tipHeight,
    scannedHeight,
    lag: tipHeight !== null && scannedHeight !== null ? tipHeight - scannedHeight : null,
    lastScanAt: row?.last_scan_at ? new Date(row.last_scan_at).toISOString() : null,
    lastError: row?.last_error ?? null,
  };
}
