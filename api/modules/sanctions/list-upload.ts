import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { maxSanctionsFileBytes } from '../../contracts/sanctions';
import type { AppState } from '../../lib/app-state';
import { badRequest, DomainError } from '../../lib/domain-errors';

// The parsed file's bytes, keyed by formidable's file object: kept in memory, never written to a temp file.
const receivedBytes = new WeakMap<object, Buffer>();

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

/** Parses POST /api/admin/sanctions-lists' form: one `file` of at most 20 MB and the `chain` field. */
export const listMultipart = koaBody({
  multipart: true,
  formidable: {
    maxFileSize: maxSanctionsFileBytes,
    maxTotalFileSize: maxSanctionsFileBytes,
    maxFiles: 1,
    maxFields: 5,
    allowEmptyFiles: false,
    fileWriteStreamHandler: memorySink,
  },
  onError(error) {
    if ((error as { httpCode?: number }).httpCode === 413)
      throw new DomainError('unprocessable', 'The list file must be at most 20 MB');
    throw badRequest('The upload could not be read: send the list as a file, one address a line');
  },
}) as unknown as Middleware<AppState>;

const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** The form's fields (first value of each) and the `file` part's bytes, if any. */
export function listUploadOf(request: { body?: unknown; files?: Record<string, unknown> }) {
  const fields = Object.fromEntries(
    Object.entries((request.body ?? {}) as Record<string, unknown>).map(([key, value]) => [key, firstValue(value)]),
  );
  const file = firstValue(request.files?.file) as object | undefined;
  return { fields, bytes: file ? receivedBytes.get(file) : undefined };
}
