/**
 * Errors the rules throw, by what went wrong rather than by HTTP status: services and repos never speak HTTP.
 * `api/middleware/request-context.ts` is the one place that turns a kind into a status code. The message is safe to
 * show the caller; any other error becomes a generic 500.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported-media'
  | 'key-reused'
  | 'unprocessable'
  | 'rate-limited'
  | 'unavailable';

export type DomainErrorOptions = {
  /** Field name → message, for a form. */
  errors?: Record<string, string>;
  /** When trying again makes sense, in seconds. */
  retryAfterSeconds?: number;
  /** Extra fields of the answer's body beside `message`, e.g. `twoFactorRequired`. */
  details?: Record<string, unknown>;
};

export class DomainError extends Error {
  readonly errors?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new DomainError('invalid', message, { errors });
export const unauthorized = (message = 'Authentication required') => new DomainError('unauthenticated', message);
export const twoFactorRequired = () =>
  new DomainError('unauthenticated', 'Two-factor code required', { details: { twoFactorRequired: true } });
/** A wrong code is a failed sign-in (unauthenticated) or, for a signed-in caller's step-up, a bad field (invalid). */
export const invalidTwoFactorCode = (kind: 'invalid' | 'unauthenticated' = 'unauthenticated') =>
  new DomainError(kind, 'Invalid two-factor code');
export const forbidden = (message = 'You do not have access to this resource') => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict', message, { details });
export const gone = (message: string) => new DomainError('gone', message);
export const payloadTooLarge = (message: string) => new DomainError('too-large', message);
export const unsupportedMediaType = (message: string) => new DomainError('unsupported-media', message);
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError('unavailable', message, { retryAfterSeconds });
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests, please try again later') =>
  new DomainError('rate-limited', message, { retryAfterSeconds });

/** Postgres unique_violation, for races the database settles. */
export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
};
