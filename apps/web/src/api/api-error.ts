import { isErrorCode, type ErrorCode } from '@nusa/contracts';

/** A failed call: the server's `{errorCode, errorArgs}` (spec 8), or a client-side code for network failures. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly args: readonly (string | number)[],
    /** A call with the work token was refused: the session-expired dialog handles it, nothing is toasted. */
    readonly sessionExpired = false,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/**
 * The error of a failed answer: its catalogued `{errorCode, errorArgs}`, else (no JSON, or a code this build does not
 * know, from a newer server) http_error with the status.
 */
export function errorOfAnswer(status: number, payload: unknown, sessionExpired = false): ApiError {
  const body = payload as { errorCode?: unknown; errorArgs?: unknown } | undefined;
  if (body && typeof body.errorCode === 'string' && isErrorCode(body.errorCode)) {
    const args = Array.isArray(body.errorArgs) ? (body.errorArgs as (string | number)[]) : [];
    return new ApiError(status, body.errorCode, args, sessionExpired);
  }
  return new ApiError(status, 'http_error', [status], sessionExpired);
}
