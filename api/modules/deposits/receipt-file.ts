import { receiptTypes } from '../../contracts/deposits';
import { checkFileType, type CheckedFile } from '../../lib/uploads';

export type CheckedReceipt = CheckedFile<(typeof receiptTypes)[number]>;

/** Trusts the bytes, not the name or the declared type: a PDF, JPEG or PNG, or 415. */
export const checkReceiptFile = (bytes: Buffer): Promise<CheckedReceipt> =>
  checkFileType(bytes, receiptTypes, 'The receipt must be a PDF, JPEG or PNG file');

export const extensionFor = (contentType: string) =>
  ({ 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' })[contentType] ?? 'bin';
