import ky, { HTTPError, type Options } from 'ky';
import { ApiError } from './api-error';
import { termsNotAcceptedCode } from '../../../api/contracts/terms';
import { askToAcceptTerms } from './terms/terms-asker';

export { ApiError };

export const api = ky.create({
  prefixUrl: '/api',
  credentials: 'same-origin',
  timeout: 15_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    // Texts the API writes (notifications) come in the language the page shows, not only the browser's.
    beforeRequest: [
      (request) => {
        const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
        if (language) request.headers.set('Accept-Language', language);
      },
    ],
  },
});

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const { status, headers } = error.response;
    const body = (await error.response
      .clone()
      .json()
      .catch(() => ({}))) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' ? body.message : error.response.statusText || `HTTP ${status}`;
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
    const retryAfter = Number(headers.get('Retry-After'));
    return new ApiError(
      status,
      message,
      errors,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      body as Record<string, unknown>,
    );
  }
  return new ApiError(0, error instanceof Error ? error.message : 'Network error');
}

/** The version a 409 `terms_not_accepted` asks the investor to accept, else null. */
export function termsVersionAsked(error: ApiError): string | null {
  const version = error.status === 409 && error.body.code === termsNotAcceptedCode ? error.body.version : null;
  return typeof version === 'string' ? version : null;
}

/**
 * Calls the API and returns its JSON, throwing ApiError on any failure. `path` has no leading slash. A money action
 * refused until new terms are accepted waits for the investor's answer in the terms dialog, and is sent again once.
 */
export async function apiRequest<T>(path: string, options: Options = {}, askedTerms = false): Promise<T> {
  try {
    const response = await api(path, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    const refusal = await toApiError(error);
    const version = askedTerms ? null : termsVersionAsked(refusal);
    if (version && (await askToAcceptTerms(version))) return apiRequest<T>(path, options, true);
    throw refusal;
  }
}

export const apiGet = <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'get' });
export const apiPost = <T>(path: string, json?: unknown, options?: Options) =>
  apiRequest<T>(path, { ...options, method: 'post', json });
export const apiPut = <T>(path: string, json?: unknown, options?: Options) =>
  apiRequest<T>(path, { ...options, method: 'put', json });
export const apiDelete = <T>(path: string, json?: unknown, options?: Options) =>
  apiRequest<T>(path, { ...options, method: 'delete', json });
