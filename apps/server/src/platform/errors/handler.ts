import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@nusa/contracts';
import { AppError } from './app-error.ts';

const send = (reply: FastifyReply, status: number, body: ErrorBody) => reply.status(status).send(body);

type Issue = { path?: PropertyKey[]; message: string; code?: string; input?: unknown };

function validationError(req: FastifyRequest, err: FastifyError): AppError {
  const context = (err as { validationContext?: string }).validationContext ?? 'body';
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const params = first.params as { issue?: Issue } | undefined;
    const issue: Issue = params?.issue ?? { path: first.instancePath.split('/').filter(Boolean), message: first.message ?? 'invalid' };
    const field = [context, ...(issue.path ?? []).map(String)].join('.');
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return missing ? new AppError('value_cannot_null', [field]) : new AppError('invalid_input_format', [field, issue.message]);
  }
  req.log.debug({ err }, 'validation error');
  return new AppError('invalid_input_format', [context, err.message]);
}

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) that only input can cause: text with a NUL byte or invalid
 * encoding, a value out of a column type's range, a malformed uuid/number/date literal. Anything else from the
 * database is a server fault.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22P02', '22P05', '22021', '22003', '22007', '22008', '22001', '2200D', '22019', '22025', '22023']);

function databaseCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Fastify's own failures, before or around a route: bad JSON, size, content type, URL. */
function frameworkError(req: FastifyRequest, err: FastifyError): AppError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid_input_format', ['body', err.message]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', [String(req.headers['content-type'] ?? '').slice(0, 100)]);
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new AppError('invalid_input_format', ['url', 'malformed']);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('invalid_input_format', ['url', 'too long'], { status: 414 });
  }
  return undefined;
}

function toAppError(err: FastifyError, req: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  if (err.validation) return validationError(req, err);
  const known = frameworkError(req, err);
  if (known) return known;
  const sqlState = databaseCode(err);
  if (sqlState && INPUT_DATA_EXCEPTIONS.has(sqlState)) {
    req.log.warn({ err }, 'input the database refused');
    return new AppError('invalid_input_format', ['request', 'a value the database cannot store']);
  }
  if (!sqlState && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError('invalid_input_format', ['request', err.message], { status: err.statusCode });
  }
  req.log.error({ err }, 'unexpected error');
  return new AppError('unexpected_error', [req.id]);
}

/** Maps every failure to `{errorCode, errorArgs}`: no stack traces or SQL ever reach the caller. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const error = toAppError(err, req);
    if (error.headers) reply.headers(error.headers);
    return send(reply, error.status, error.body());
  });
}

/**
 * For Fastify's `frameworkErrors` option: failures the router meets before any route or error handler exists
 * (a URL that does not decode, a path parameter over maxParamLength) get the same shape as everything else.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const error = toAppError(err, req);
  void send(reply, error.status, error.body());
}
