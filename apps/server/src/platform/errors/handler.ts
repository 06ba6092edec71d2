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

/** Maps every failure to `{errorCode, errorArgs}`: no stack traces or SQL ever reach the caller. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, err.status, err.body());
    }
    if (err.validation) return send(reply, 400, validationError(req, err).body());
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, { errorCode: 'invalid_input_format', errorArgs: ['body', err.message] });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, { errorCode: 'payload_too_large', errorArgs: [] });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, { errorCode: 'unsupported_media_type', errorArgs: [String(req.headers['content-type'] ?? '')] });
      case 'FST_ERR_BAD_URL':
      case 'FST_ERR_ASYNC_CONSTRAINT':
        return send(reply, 400, { errorCode: 'invalid_input_format', errorArgs: ['url', 'malformed'] });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, err.statusCode, { errorCode: 'invalid_input_format', errorArgs: ['request', err.message] });
    }
    req.log.error({ err }, 'unexpected error');
    return send(reply, 500, { errorCode: 'unexpected_error', errorArgs: [req.id] });
  });
}
