import { ERRORS, type ErrorBody, type ErrorCode } from '@nusa/contracts';

/** A failure with a catalogued code; the error handler is the only place that turns it into a response. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly args: (string | number)[] = [],
    options?: { status?: number; headers?: Record<string, string> },
  ) {
    super(code);
    this.status = options?.status ?? ERRORS[code].status;
    this.headers = options?.headers;
  }
  readonly headers?: Record<string, string>;
  body(): ErrorBody {
    return { errorCode: this.code, errorArgs: this.args };
  }
}
