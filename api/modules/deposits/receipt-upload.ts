import type { z } from 'zod';
import { maxReceiptBytes, uploadReceiptFields } from '../../contracts/deposits';
import { badRequest } from '../../lib/domain-errors';
import { multipartInMemory, singleValuedFields, uploadedFile, type UploadedFile } from '../../lib/uploads';
import { parseOrThrow } from '../../lib/validate';
import type { AppState } from '../../lib/app-state';
import { checkReceiptFile, type CheckedReceipt } from './receipt-file';

export type { UploadedFile };

export const receiptMultipart = multipartInMemory({
  maxFileBytes: maxReceiptBytes,
  maxFiles: 1,
  tooLarge: 'The receipt must be at most 10 MB',
});

/** The `receipt` part of a request parsed by `receiptMultipart`, if any. */
export const uploadedReceipt = (files: Record<string, unknown> | undefined) => uploadedFile(files, 'receipt');

export interface ReceiptUpload {
  fields: z.infer<typeof uploadReceiptFields>;
  receipt: CheckedReceipt;
  originalName: string | null;
}

/** The form and the file of a request parsed by `receiptMultipart`, checked; refused with a 4xx otherwise. */
export async function readReceiptUpload(ctx: {
  request: { body?: unknown; files?: Record<string, unknown> };
  state: AppState;
}): Promise<ReceiptUpload> {
  const raw = singleValuedFields(ctx.request.body);
  const file = uploadedReceipt(ctx.request.files);
  if (!file || !raw.email) throw badRequest('Please provide both a file and an email');
  const fields = parseOrThrow(uploadReceiptFields, raw, 'Error uploading receipt');
  if (fields.email !== ctx.state.auth!.email)
    throw badRequest('The email must be the one you signed in with', { email: 'Use your account e-mail' });
  return { fields, receipt: await checkReceiptFile(file.bytes), originalName: file.originalName };
}

/**
 * What makes two uploads the same request: the parsed fields (so "120.00"/"Bitcoin" replays 120/"bitcoin") and
 * the file's SHA-256. The e-mail is left out, it is always the account's.
 */
export const receiptUploadParts = ({ fields, receipt }: ReceiptUpload) => ({
  amountCents: fields.amount,
  coin: fields.coin,
  planId: fields.planId,
  planName: fields.planName?.toLowerCase(),
  // Only when given: receipts keyed before plans had versions keep their fingerprint.
  ...(fields.planVersion !== undefined && { planVersion: fields.planVersion }),
  receiptSha256: receipt.sha256,
});
