/**
 * CSV as RFC 4180 has it (comma-separated, CRLF line ends, quotes doubled inside quoted fields), made safe
 * to open in a spreadsheet. Every text cell is quoted, whatever it holds: Excel in German or French splits
 * cells at `;`, so an unquoted `x;=HYPERLINK(…)` would become a cell starting with `=`. A text cell that
 * starts with =, +, -, @, a tab or a carriage return would be read as a formula (CSV injection), so it
 * also gets a leading apostrophe. Numbers and booleans are written as they are: they cannot hold a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A byte-order mark first, so spreadsheet programs read the UTF-8 (names in Arabic, Chinese…) as such. */
export const csvBom = '\uFEFF';
