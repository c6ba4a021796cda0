import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { AppState } from './app-state';
import { badRequest, DomainError, payloadTooLarge, unsupportedMediaType } from './domain-errors';

// The checked pipeline every upload goes through (receipts, identity documents): parts kept in memory under a size
// cap, the type read from the bytes, never from the name or the declared type.

// The parsed part's bytes, keyed by formidable's file object.
const receivedBytes = new WeakMap<object, Buffer>();

/**
 * Keeps each uploaded part in memory instead of formidable's temp files, so no request (accepted,
 * refused or aborted) leaves anything on disk. Memory stays bounded: formidable stops the
 * request with 413 once the parts pass the upload's limits.
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

/** A multipart parser keeping at most `maxFiles` parts of `maxFileBytes` each (and `maxTotalBytes` in all) in memory. */
export function multipartInMemory(limits: {
  maxFileBytes: number;
  maxFiles: number;
  maxTotalBytes?: number;
  maxFields?: number;
  tooLarge: string;
  /** 413 by default; a form whose file is the whole request (a list) may answer 422. */
  tooLargeStatus?: 413 | 422;
  unreadable?: string;
}): Middleware<AppState> {
  return koaBody({
    multipart: true,
    formidable: {
      maxFileSize: limits.maxFileBytes,
      maxTotalFileSize: limits.maxTotalBytes ?? limits.maxFileBytes,
      maxFiles: limits.maxFiles,
      maxFields: limits.maxFields ?? 20,
      allowEmptyFiles: false,
      fileWriteStreamHandler: memorySink,
    },
    onError(error) {
      if ((error as { httpCode?: number }).httpCode === 413)
        throw limits.tooLargeStatus === 422
          ? new DomainError('unprocessable', limits.tooLarge)
          : payloadTooLarge(limits.tooLarge);
      throw badRequest(limits.unreadable ?? 'The upload could not be read; please try again');
    },
  }) as unknown as Middleware<AppState>;
}

export interface UploadedFile {
  bytes: Buffer;
  originalName: string | null;
}

const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** The `field` part of a request parsed by `multipartInMemory`, if any. */
export function uploadedFile(files: Record<string, unknown> | undefined, field: string): UploadedFile | undefined {
  const file = firstValue(files?.[field]) as { originalFilename?: string | null } | undefined;
  const bytes = file && receivedBytes.get(file);
  return bytes ? { bytes, originalName: file.originalFilename ?? null } : undefined;
}

/** Multipart fields with repeated keys reduced to their first value. */
export const singleValuedFields = (body: unknown) =>
  Object.fromEntries(
    Object.entries((body ?? {}) as Record<string, unknown>).map(([key, value]) => [key, firstValue(value)]),
  );

export interface CheckedFile<Type extends string> {
  bytes: Buffer;
  contentType: Type;
  sha256: string;
}

/** Trusts the bytes, not the name or the declared type: one of `types`, or 415 with `refused`. */
export async function checkFileType<Type extends string>(
  bytes: Buffer,
  types: readonly Type[],
  refused: string,
): Promise<CheckedFile<Type>> {
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = types.find((type) => type === detected?.mime);
  if (!contentType) throw unsupportedMediaType(refused);
  return { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}
