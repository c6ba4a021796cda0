import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { csvBom, csvRow } from '../../lib/csv';
import type { CsvTable } from './admin-export.repo';

async function* csvLines(table: CsvTable) {
  yield csvBom + csvRow(table.header);
  for await (const cells of table.rows) yield csvRow(cells);
}

/** The table as a CSV download, streamed batch by batch; never kept by a cache. */
export function sendCsv(ctx: Context, fileName: string, table: CsvTable) {
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = Readable.from(csvLines(table));
}
