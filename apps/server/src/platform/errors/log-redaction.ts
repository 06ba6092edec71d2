/**
 * How errors are written to the log: the failing query's text and SQLSTATE stay (they say what went wrong), the
 * values bound to it do not — they are user input (passwords, keys, personal data). Drizzle puts them in
 * `params` and in its message ("Failed query: …\nparams: …"); PostgreSQL repeats values in `detail`
 * ("Key (username)=(budi) already exists").
 */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const REDACTED = '[redacted]';

type Loggable = Record<string, unknown>;

export function redactError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const out: Loggable = { type: err.constructor?.name ?? 'Error', message: err.message.replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`) };
  if (err.stack) out.stack = err.stack.replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`);
  for (const [key, value] of Object.entries(err)) {
    if (key === 'params' || key === 'parameters' || key === 'detail') out[key] = REDACTED;
    else if (key === 'cause') out.cause = redactError(value, depth + 1);
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined && !('cause' in out)) out.cause = redactError(err.cause, depth + 1);
  return out;
}

/** For Fastify's logger options: every `err` a log line carries goes through redactError. */
export const logSerializers = { err: (err: Error) => redactError(err) as { type: string; message: string; stack: string } };
