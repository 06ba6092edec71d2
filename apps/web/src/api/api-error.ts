/** A failed call: the server's `{errorCode, errorArgs}` (spec 8), or a client-side code for network failures. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly args: readonly (string | number)[],
    /** A call with the work token was refused: the session-expired dialog handles it, nothing is toasted. */
    readonly sessionExpired = false,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}
