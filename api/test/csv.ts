/**
 * RFC 4180 reader for checking what the CSV writer and the exports produce: rows of cells, each row ended by CRLF.
 * A leading byte-order mark (the exports start with one, for spreadsheets) is skipped; text that ends inside a row
 * is refused, as a cut-off export would be. `separator: ';'` reads it as Excel in German or French does. Test code
 * only: no test-runner imports, so e2e can use it too.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = text.startsWith('\uFEFF') ? 1 : 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (quoted || cell !== '' || row.length > 0) throw new Error('The CSV text ends inside a row');
  return rows;
}
