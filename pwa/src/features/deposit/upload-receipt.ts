import { ApiError } from '../../lib/api-client';

export type UploadedDeposit = { id: string | number; amount: number; coin: string | null; planName: string | null; status: string; createdAt: string };
export type UploadReceiptFields = { receipt: File; email: string; amount: string; coin?: string; planId?: number; planName?: string };

/**
 * POST /api/upload-receipt as multipart. XMLHttpRequest rather than ky: fetch can only report upload progress
 * with streamed request bodies, which browsers allow over HTTP/2 at best. The same Idempotency-Key for a retry
 * means the server answers with the first deposit instead of creating a second one.
 */
export function uploadReceipt(fields: UploadReceiptFields, idempotencyKey: string, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('email', fields.email);
  form.append('amount', fields.amount);
  if (fields.coin) form.append('coin', fields.coin);
  if (fields.planId !== undefined) form.append('planId', String(fields.planId));
  else if (fields.planName) form.append('planName', fields.planName);
  form.append('receipt', fields.receipt);

  return new Promise<{ message: string; deposit: UploadedDeposit }>((resolve, reject) => {
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
        resolve(body as { message: string; deposit: UploadedDeposit });
        return;
      }
      const message = typeof body?.message === 'string' ? body.message : request.statusText || `HTTP ${request.status}`;
      const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
      reject(new ApiError(request.status, message, errors));
    };
    // No answer at all: the network failed or the server could not be reached.
    request.onerror = () => reject(new ApiError(0, 'No response from server'));
    request.ontimeout = request.onerror;
    request.send(form);
  });
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
