import type { Context } from 'koa';
import type { Deposit, Receipt } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import type { DepositView, ReceiptFile } from './deposits.repo';
import { markUploadedFile } from '../../middleware/security-headers';
import { extensionFor } from './receipt-file';

export function presentDeposit(row: DepositView): Deposit {
  return {
    id: row.id,
    amount: centsToDollars(Number(row.amount_cents)),
    coin: row.coin,
    planName: row.plan_name,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentReceipt(row: DepositView & { user_email: string; duplicate_of: string | null }): Receipt {
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email },
    amount: centsToDollars(Number(row.amount_cents)),
    coin: row.coin,
    planName: row.plan_name,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.duplicate_of ? { duplicateOf: row.duplicate_of } : {}),
  };
}

/**
 * A stored receipt as the answer: `inline` shows it in the browser (an image in the page, a PDF in the
 * browser's viewer), `attachment` downloads it. Only PDF, JPEG and PNG are ever stored (checked by their
 * bytes at upload); nosniff keeps the browser to the stored type, and the sandbox policy keeps any script out.
 */
export function sendReceiptFile(
  ctx: Context,
  depositId: string,
  file: ReceiptFile,
  disposition: 'inline' | 'attachment',
) {
  markUploadedFile(ctx);
  ctx.set('Content-Disposition', `${disposition}; filename="receipt-${depositId}.${extensionFor(file.content_type)}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = file.content_type;
  // PGlite hands bytea back as a Uint8Array, which Koa would send as JSON: make it a Buffer.
  ctx.body = Buffer.from(file.data);
}
