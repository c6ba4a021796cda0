import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { extensionFor } from '../deposits/receipt-file';

/**
 * GET /api/admin/receipts/:id/preview: the receipt file shown in the browser (an image inline in the
 * page, a PDF in the browser's viewer) rather than downloaded. Only PDF, JPEG and PNG are ever stored
 * (checked by their bytes at upload); nosniff keeps the browser to the stored type.
 */
export function registerAdminReceiptRoutes(api: ApiRouter, { db }: AppDeps) {
  api.add('get', '/api/admin/receipts/:id/preview', 'admin', async (ctx) => {
    const id = uuidParam(ctx.params, 'Receipt not found');
    const file = await db('deposits as d')
      .join('receipt_files as f', 'f.id', 'd.receipt_file_id')
      .where('d.id', id)
      .first<{ data: Buffer; content_type: string } | undefined>('f.data', 'f.content_type');
    if (!file) throw notFound('Receipt not found');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', `inline; filename="receipt-${id}.${extensionFor(file.content_type)}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = file.content_type;
    // PGlite hands bytea back as a Uint8Array, which Koa would send as JSON: make it a Buffer.
    ctx.body = Buffer.from(file.data);
  });
}
