import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../test/csv';
import { csvCell, csvRow } from './csv';

describe('csv', () => {
  it('quotes every text cell, doubling quotes', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', ''])).toBe('"a","b,c","say ""hi""","two\nlines",""\r\n');
  });

  it('leaves no formula to a spreadsheet that splits cells at ;', () => {
    const row = csvRow(['x;http://evil.example/;=HYPERLINK(B2)', 'id']);
    expect(parseCsv(row, ';')).toEqual([['x;http://evil.example/;=HYPERLINK(B2),id']]);
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[\w;,="+@ -]*$/), { minLength: 1, maxLength: 5 }), (cells) => {
        for (const cell of parseCsv(csvRow(cells), ';').flat()) expect(cell).not.toMatch(/^[=+\-@]/);
      }),
    );
  });

  it('prefixes text that a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('writes numbers, booleans and nothing as they are, dates as quoted text', () => {
    expect(csvRow([150.25, true, new Date('2026-01-02T03:04:05.000Z'), null, undefined])).toBe(
      '150.25,true,"2026-01-02T03:04:05.000Z",,\r\n',
    );
  });

  it('reads back every string it writes, guarded ones with their apostrophe', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (table) => {
          const written = table.map((cells) => csvRow(cells)).join('');
          const guard = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
          expect(parseCsv(written)).toEqual(table.map((cells) => cells.map(guard)));
        },
      ),
    );
  });
});
