export type ExportTable = 'users' | 'receipts' | 'withdrawals' | 'messages' | 'audit-log';

/**
 * Where the browser downloads a table as CSV for its current filter (the server streams every matching
 * row, not just the page on screen; the session cookie authenticates the download).
 */
export function exportUrl(table: ExportTable, filter: Record<string, string | undefined> = {}) {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const search = query.toString();
  return `/api/admin/export/${table}${search ? `?${search}` : ''}`;
}
