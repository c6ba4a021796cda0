import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { z } from 'zod';
import { maxReceiptBytes, uploadReceiptFields } from '../../contracts/deposits';
import { badRequest, payloadTooLarge } from '../../lib/domain-errors';
import { parseOrThrow } from '../../lib/validate';
import type { AppState } from '../../lib/app-state';
import { checkReceiptFile, type CheckedReceipt } from './receipt-file';

// The parsed part's bytes, keyed by formidable's file object.
const receivedBytes = new WeakMap<object, Buffer>();

/**
 * Keeps each uploaded part in memory instead of formidable's temp files, so no request (accepted,
 * refused or aborted) leaves anything on disk. Memory stays bounded: formidable stops the
 * request with 413 once the parts pass `maxReceiptBytes`.
 */
function memorySink(file: object | undefined) {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      if (file) receivedBytes.set(file, Buffer.concat(chunks));
      done();
    },
  });
}

export const receiptMultipart = koaBody({
  multipart: true,
  formidable: {
    maxFileSize: maxReceiptBytes,
    maxFiles: 1,
    maxFields: 20,
    allowEmptyFiles: false,
    fileWriteStreamHandler: memorySink,
  },
  onError(error) {
    if ((error as { httpCode?: number }).httpCode === 413) throw payloadTooLarge('The receipt must be at most 10 MB');
    throw badRequest('The upload could not be read; please try again');
  },
}) as unknown as Middleware<AppState>;

export interface UploadedFile {
  bytes: Buffer;
  originalName: string | null;
}

const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** The `receipt` part of a request parsed by `receiptMultipart`, if any. */
export function uploadedReceipt(files: Record<string, unknown> | undefined): UploadedFile | undefined {
  const file = firstValue(files?.receipt) as { originalFilename?: string | null } | undefined;
  const bytes = file && receivedBytes.get(file);
  return bytes ? { bytes, originalName: file.originalFilename ?? null } : undefined;
}

/** Multipart fields with repeated keys reduced to their first value. */
const singleValuedFields = (body: unknown) =>
  Object.fromEntries(
    Object.entries((body ?? {}) as Record<string, unknown>).map(([key, value]) => [key, firstValue(value)]),
  );

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
