import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { receiptTypes } from '../../contracts/deposits';
import { unsupportedMediaType } from '../../lib/domain-errors';

export interface CheckedReceipt {
  bytes: Buffer;
  contentType: (typeof receiptTypes)[number];
  sha256: string;
}

/** Trusts the bytes, not the name or the declared type: a PDF, JPEG or PNG, or 415. */
export async function checkReceiptFile(bytes: Buffer): Promise<CheckedReceipt> {
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = receiptTypes.find((type) => type === detected?.mime);
  if (!contentType) throw unsupportedMediaType('The receipt must be a PDF, JPEG or PNG file');
  return { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export const extensionFor = (contentType: string) =>
  ({ 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' })[contentType] ?? 'bin';
