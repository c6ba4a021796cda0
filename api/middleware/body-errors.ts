import type { Context } from 'koa';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../lib/domain-errors';

interface BodyParserError extends Error {
  status?: number;
  type?: string;
  code?: string;
}

/** zlib (`Z_DATA_ERROR`, `Z_BUF_ERROR`) and brotli (`ERR__ERROR_FORMAT_…`) failures carry no HTTP status. */
const isDecompressionError = (error: BodyParserError) =>
  typeof error.code === 'string' && /^(Z_|ERR__)/.test(error.code);

/**
 * koa-body's `onError`: every way a request body can fail to be read becomes a clear 4xx. A body whose
 * Content-Encoding does not match its bytes fails inside zlib, before any route runs, and would
 * otherwise surface as a 500. Anything else (not the client's doing) is rethrown as it is.
 */
export function refuseUnreadableBody(error: BodyParserError, ctx: Context): never {
  // The parser stopped part-way: the rest of the body is still on the wire, so this connection
  // cannot carry another request (Node would reset it under the client's next one).
  if (!ctx.req.complete) ctx.set('Connection', 'close');
  if (isDecompressionError(error))
    throw badRequest('The request body could not be decompressed; check its Content-Encoding');
  switch (error.status) {
    case 413:
      throw payloadTooLarge('Request body too large');
    case 415:
      if (error.type === 'charset.unsupported') throw unsupportedMediaType('Unsupported charset');
      if (/content-encoding/i.test(error.message))
        throw unsupportedMediaType('Unsupported Content-Encoding; use gzip, deflate, br or none');
      throw unsupportedMediaType('Unsupported content type');
  }
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500)
    throw badRequest('Malformed request body');
  throw error;
}
