import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/domain-errors';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { receiptFileOf, sendReceiptFile } from '../deposits/deposits.api';

/** GET /api/admin/receipts/:id/preview: the receipt file shown in the browser rather than downloaded. */
export function registerAdminReceiptRoutes(api: ApiRouter, { db }: AppDeps) {
  api.add('get', '/api/admin/receipts/:id/preview', 'admin', async (ctx) => {
    const id = uuidParam(ctx.params, 'Receipt not found');
    const file = await receiptFileOf(db, id);
    if (!file) throw notFound('Receipt not found');
    sendReceiptFile(ctx, id, file, 'inline');
  });
}
