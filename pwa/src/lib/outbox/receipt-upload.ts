import type { Deposit } from '../../../../api/contracts/answers';
import { ApiError, termsVersionAsked } from '../api-client';
import { askToAcceptTerms } from '../terms/terms-asker';
import type { ReceiptFields } from '../offline/db';
import { twoFactorProblem } from '../account-security/two-factor-problem';

/** POST /api/upload-receipt's answer, as far as the outbox reads it. */
export type UploadAnswer = {
  message: string;
  deposit: Pick<Deposit, 'id' | 'amount' | 'coin' | 'planName' | 'status' | 'createdAt'>;
};

/**
 * POST /api/upload-receipt as multipart. XMLHttpRequest rather than ky: fetch can only report upload progress
 * with streamed request bodies, which browsers allow over HTTP/2 at best. The same Idempotency-Key for a retry
 * means the server answers with the first deposit instead of creating a second one.
 */
export async function uploadReceipt(
  fields: ReceiptFields,
  receipt: File,
  idempotencyKey: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  try {
    return await sendReceipt(fields, receipt, idempotencyKey, onProgress, signal);
  } catch (error) {
    // New terms to accept first: the terms dialog asks, and the same receipt (same key) goes once more.
    const version = error instanceof ApiError ? termsVersionAsked(error) : null;
    if (version && (await askToAcceptTerms(version)))
      return sendReceipt(fields, receipt, idempotencyKey, onProgress, signal);
    throw error;
  }
}

function sendReceipt(
  fields: ReceiptFields,
  receipt: File,
  idempotencyKey: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('email', fields.email);
  form.append('amount', fields.amount);
  if (fields.coin) form.append('coin', fields.coin);
  if (fields.planId !== undefined) form.append('planId', String(fields.planId));
  else if (fields.planName) form.append('planName', fields.planName);
  if (fields.planVersion !== undefined) form.append('planVersion', String(fields.planVersion));
  form.append('receipt', receipt);

  return new Promise<UploadAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload-receipt');
    request.withCredentials = true;
    request.setRequestHeader('Idempotency-Key', idempotencyKey);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(body as UploadAnswer);
        return;
      }
      const message = typeof body?.message === 'string' ? body.message : request.statusText || `HTTP ${request.status}`;
      const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
      reject(new ApiError(request.status, message, errors, undefined, body ?? {}));
    };
    // No answer at all: the network failed or the server could not be reached.
    request.onerror = () => reject(new ApiError(0, 'No response from server'));
    request.ontimeout = request.onerror;
    // Sign-out stops the drainer: an upload in flight is abandoned (a replay would carry the same key anyway).
    request.onabort = () => reject(new ApiError(0, 'Upload cancelled'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

export type FailureKind = 'transient' | 'unauthorized' | 'permanent';

/**
 * No answer, a server error, a timeout or rate limit may pass: try again later. 401 means the session ended:
 * keep the row for when the investor signs in again (unless it asks for a two-factor code, which only the
 * investor can give). Any other 4xx (amount out of range, too large, not a
 * PDF/JPEG/PNG) will be refused again, so it waits for the investor.
 */
export function classifyFailure(error: unknown): { kind: FailureKind; status: number; message: string } {
  const status = error instanceof ApiError ? error.status : 0;
  const message = error instanceof Error ? error.message : String(error);
  // A 401 asking for a two-factor code is not a lost session: no replay can answer it, the investor must.
  if (twoFactorProblem(error)) return { kind: 'permanent', status, message };
  if (status === 401) return { kind: 'unauthorized', status, message };
  // A 409 naming a plan: it was retired, or its terms changed since the page; a replay would be refused again.
  if (status === 409 && error instanceof ApiError && error.body.plan) return { kind: 'permanent', status, message };
  // 409: the server is still applying an earlier attempt with the same key; its answer comes with the next try.
  if (status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429)
    return { kind: 'permanent', status, message };
  return { kind: 'transient', status, message };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
