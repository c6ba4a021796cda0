/** An error whose message is safe to show the caller; everything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Extra fields of the answer's body beside `message`, e.g. `twoFactorRequired`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const twoFactorRequired = () =>
  new HttpError(401, 'Two-factor code required', undefined, undefined, { twoFactorRequired: true });
export const invalidTwoFactorCode = (status: 400 | 401 = 401) => new HttpError(status, 'Invalid two-factor code');
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many requests, please try again later', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** Postgres unique_violation, for races the database settles. */
export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
};
