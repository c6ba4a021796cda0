/**
 * CSV as RFC 4180 has it (comma-separated, CRLF line ends, fields with a quote, comma or line break
 * quoted and their quotes doubled), made safe to open in a spreadsheet: a text cell that starts with
 * =, +, -, @, a tab or a carriage return would be read as a formula (CSV injection), so it gets a
 * leading apostrophe. Numbers are written as they are: they cannot hold a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A byte-order mark first, so spreadsheet programs read the UTF-8 (names in Arabic, Chinese…) as such. */
export const csvBom = '\uFEFF';
