import { APICallError } from 'ai';
import { AppError } from '../../errors/app-error.ts';
import { logUpstreamFailure } from '../../outbound/index.ts';

export interface RetryPolicy {
  /** Attempts after the first one, on 429, 5xx and connection failures. */
  maxRetries: number;
  /** Each attempt's own time limit. A timed-out attempt is not repeated: the caller has already waited that long. */
  timeoutMs: number;
  /** First backoff; doubled on each retry unless the provider says when to come back. */
  backoffMs: number;
  /** Longest wait between attempts, whatever the provider's Retry-After asks for. */
  maxDelayMs: number;
}

/** What went wrong with one attempt, in the provider's own words. */
export interface ProviderFailure {
  status?: number;
  message: string;
  retryable: boolean;
  headers?: Record<string, string>;
}

const header = (headers: Record<string, string> | undefined, name: string) =>
  headers ? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1] : undefined;

/**
 * How long to wait before retry number `retry` (0-based): the provider's `retry-after-ms` or `Retry-After` (seconds
 * or an HTTP date) when it sends one, else exponential backoff; never more than maxDelayMs.
 */
export function retryDelay(retry: number, policy: Pick<RetryPolicy, 'backoffMs' | 'maxDelayMs'>, headers?: Record<string, string>, now = Date.now()): number {
  const ms = Number(header(headers, 'retry-after-ms'));
  const after = header(headers, 'retry-after');
  let asked: number | undefined;
  if (Number.isFinite(ms) && ms >= 0 && header(headers, 'retry-after-ms') !== undefined) asked = ms;
  else if (after !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(after)) asked = Number(after) * 1000;
  else if (after !== undefined && !Number.isNaN(Date.parse(after))) asked = Math.max(0, Date.parse(after) - now);
  const delay = asked ?? policy.backoffMs * 2 ** retry;
  return Math.min(delay, policy.maxDelayMs);
}

/** The provider's message from an OpenAI-style error body ({error: {message}}), else the SDK's. */
function providerMessage(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const fromBody = typeof data?.error?.message === 'string' ? data.error.message : undefined;
  let parsed: string | undefined;
  if (!fromBody && error.responseBody) {
    try {
      const body = JSON.parse(error.responseBody) as { error?: { message?: unknown } | string; message?: unknown };
      parsed =
        typeof body.error === 'string'
          ? body.error
          : typeof body.error?.message === 'string'
            ? body.error.message
            : typeof body.message === 'string'
              ? body.message
              : undefined;
    } catch {
      parsed = error.responseBody.slice(0, 200);
    }
  }
  return (fromBody ?? parsed ?? error.message).trim();
}

const causeText = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string')
    return typeof cause.message === 'string' && cause.message.includes(cause.code) ? cause.message : `${cause.code} ${String(cause.message ?? '')}`.trim();
  const outer = error instanceof Error ? error.message : String(error);
  return cause && typeof cause.message === 'string' ? `${outer}: ${cause.message}` : outer;
};

/** One attempt's failure as the provider told it; retryable for 408, 429, 5xx and connections that failed. */
export function failureOf(error: unknown): ProviderFailure {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return { message: causeText(error.cause ?? error), retryable: true };
    return { status, message: providerMessage(error), retryable: status === 408 || status === 429 || status >= 500, headers: error.responseHeaders };
  }
  if (error instanceof ProviderHttpError)
    return {
      status: error.status,
      message: error.message,
      retryable: error.status === 408 || error.status === 429 || error.status >= 500,
      headers: error.headers,
    };
  if (error instanceof TypeError && error.message === 'fetch failed') return { message: causeText(error), retryable: true };
  return { message: error instanceof Error ? error.message : String(error), retryable: false };
}

/** A failed answer of a plain-fetch call (images/edits, models), shaped like the SDK's so one policy handles both. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * The words shown after "The AI failed to answer": the provider's HTTP status, or that the connection failed, or that
 * the answer was not what the API promises. The provider's own words go to the log only: a body can hold anything
 * the address served.
 */
export function describeFailure(f: ProviderFailure): string {
  if (f.status) return `HTTP ${f.status}`;
  return f.retryable ? 'connection failed' : 'unexpected answer';
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

export interface AttemptContext {
  signal: AbortSignal;
  /** The attempt has shown part of its answer (streamed deltas): it may no longer be repeated. */
  markVisible(): void;
}

/**
 * Runs `attempt` with a time limit each, retrying 429/5xx/connection failures with backoff (the provider's
 * Retry-After first), and turns the last failure into `ai_response_failed` with its status (the provider's words are logged).
 */
export async function withRetries<T>(policy: RetryPolicy, attempt: (ctx: AttemptContext) => Promise<T>, callerSignal?: AbortSignal): Promise<T> {
  for (let retry = 0; ; retry++) {
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
    let visible = false;
    try {
      return await attempt({
        signal,
        markVisible: () => {
          visible = true;
        },
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (callerSignal?.aborted) throw new AppError('ai_response_failed', ['cancelled']);
      if (timeout.aborted) throw new AppError('ai_response_failed', [`no answer within ${policy.timeoutMs / 1000} s (timeout)`]);
      const failure = failureOf(error);
      if (!failure.retryable || visible || retry >= policy.maxRetries) {
        logUpstreamFailure('ai', { status: failure.status, body: failure.message });
        throw new AppError('ai_response_failed', [describeFailure(failure)]);
      }
      await sleep(retryDelay(retry, policy, failure.headers), callerSignal);
    }
  }
}
