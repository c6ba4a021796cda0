/**
 * An API failure with the server's `{message, errors}` (status 0 when the network failed). In a module of its own
 * so that code which only recognises the error (the query client's retry rule) does not bring ky into the first load.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
    /** The whole answer, for fields beside `message` (a 409's `plan` with the new terms). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
