// The one error handler and the not-found handler. Every error leaves as JSON
// `{message, code?, fields?}` (@brokerdesk/shared ErrorBody); a caller's mistake is never a 500
// and no stack trace ever reaches the response.
import { AppError } from '@brokerdesk/shared';
import type { ErrorBody, ErrorCode } from '@brokerdesk/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.js';

export const NOT_FOUND_BODY: ErrorBody = { message: 'Not found', code: 'NOT_FOUND' };

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Per-field messages keyed by the field's path ("email", "address.city"). */
function fieldMessages(issues: readonly { instancePath: string; message?: string }[]) {
  const fields: Record<string, string[]> = {};
  let firstMessage: string | null = null;
  for (const issue of issues) {
    const message = issue.message ?? 'Invalid value';
    firstMessage ??= message;
    const name = issue.instancePath.replace(/^\//, '').split('/').join('.');
    if (!name) continue;
    const list = (fields[name] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return { fields, firstMessage };
}

// Fastify's own 4xx errors (body parsing, routing) mapped to our codes and wording.
const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Malformed JSON body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Malformed JSON body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large (limit 100 KB)',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type; send application/json',
  },
};

const GENERIC_BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  404: { code: 'NOT_FOUND', message: 'Not found' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large (limit 100 KB)' },
  // A path segment over Fastify's maxParamLength (100 characters): no id of ours is that long.
  414: { code: 'URI_TOO_LONG', message: 'The address is too long' },
  415: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type; send application/json',
  },
  429: { code: 'RATE_LIMITED', message: 'Too many requests; try again later' },
};

export function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const { fields, firstMessage } = fieldMessages(error.validation);
    return send(reply, 400, {
      message: firstMessage ?? 'Invalid request',
      code: 'VALIDATION_FAILED',
      fields,
    });
  }

  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.fields) body.fields = error.fields;
    if (error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    return send(reply, error.status, body);
  }

  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    // A non-zod schema (none today) failed: still the caller's mistake.
    const { fields, firstMessage } = fieldMessages(fastifyError.validation);
    return send(reply, 400, {
      message: firstMessage ?? 'Invalid request',
      code: 'VALIDATION_FAILED',
      fields,
    });
  }

  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return send(reply, known.status, { message: known.message, code: known.code });

  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const generic = GENERIC_BY_STATUS[status] ?? { code: 'BAD_REQUEST', message: 'Bad request' };
    return send(reply, status, { message: generic.message, code: generic.code });
  }

  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable or too slow');
    reply.header('retry-after', '5');
    return send(reply, 503, {
      message: 'Service temporarily unavailable',
      code: 'SERVICE_UNAVAILABLE',
    });
  }

  // The request id is bound to request.log, so the log line and the caller's report connect.
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { message: 'Internal server error', code: 'INTERNAL' });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, NOT_FOUND_BODY);
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler(sendNotFound);
  },
  { name: 'errors' },
);
