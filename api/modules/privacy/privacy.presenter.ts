import type { Context } from 'koa';
import { strToU8, zipSync } from 'fflate';
import { csvBom, csvRow } from '../../lib/csv';
import type { DataExport } from './privacy.service';

/** One table as CSV (RFC 4180, formula-looking cells defused by api/lib/csv), its columns every key its rows use. */
export function tableCsv(rows: readonly Record<string, unknown>[]) {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return csvBom + csvRow(columns) + rows.map((row) => csvRow(columns.map((column) => row[column]))).join('');
}

/** data.json and one CSV per table, zipped (fflate, deflate level 6). */
export function dataExportZip(data: DataExport) {
  const files: Record<string, Uint8Array> = { 'data.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const [table, rows] of Object.entries(data.tables)) files[`${table}.csv`] = strToU8(tableCsv(rows));
  return zipSync(files, { level: 6 });
}

/** The export as a download: data.json alone, or the ZIP; never kept by a cache. */
export function sendDataExport(ctx: Context, data: DataExport, format: 'json' | 'zip', baseName: string) {
  const fileName = `${baseName}-${data.exportedAt.slice(0, 10)}.${format}`;
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('Cache-Control', 'private, no-store');
  if (format === 'zip') {
    ctx.type = 'application/zip';
    ctx.body = Buffer.from(dataExportZip(data));
  } else {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2);
  }
}
