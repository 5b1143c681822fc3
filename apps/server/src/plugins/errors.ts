import { ERROR_CODES as ERROR_STATUS, type ApiErrorCode as ErrorCode } from '@bh/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationError } from '../lib/errors.ts';

/**
 * Errors the multipart parser (busboy, under @fastify/multipart) raises for a body that does not
 * match its Content-Type: a wrong boundary, a truncated body, a boundary it cannot use. They are
 * plain Errors without a status, so they are told apart by their text; they are the client's
 * fault and answer 400, never 500.
 */
const MALFORMED_MULTIPART = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Malformed part header$/,
  /^Unsupported Content-Type\.?$/,
  /^The needle cannot (be an empty|have a length bigger)/,
];

function isMalformedMultipart(err: { message?: unknown; statusCode?: unknown }, contentType: unknown) {
  if (err.statusCode !== undefined || typeof err.message !== 'string') return false;
  if (typeof contentType !== 'string' || !/^\s*multipart\//i.test(contentType)) return false;
  const { message } = err;
  return MALFORMED_MULTIPART.some((re) => re.test(message));
}

const codeForStatus = (status: number): ErrorCode => {
  const found = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'server_error' : 'validation_error';
};

/** Sends an AppError as the envelope with its status. */
function sendAppError(reply: FastifyReply, err: AppError) {
  if (err.headers) reply.headers(err.headers);
  return reply.status(err.status).send({
    error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
  });
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route runs (a path
 * with broken percent-encoding, an over-long parameter) get the same envelope as every other
 * error instead of Fastify's own body.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.statusCode !== undefined && err.statusCode >= 500) {
    return reply
      .status(500)
      .send({ error: { code: 'server_error', message: 'Server error, please try again later' } });
  }
  const body = validationError([{ field: 'url', code: 'validation.invalid_format' }]);
  // An over-long path parameter keeps its own status (414); everything else here is a 400.
  if (err.statusCode && err.statusCode > 400) reply.status(err.statusCode);
  else reply.status(body.status);
  return reply.send({ error: { code: body.code, message: body.message, details: body.details } });
}

/** Every error becomes `{error:{code,message,details?}}`; no stack traces leave the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return sendAppError(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.flatMap((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
        // fastify-type-provider-zod 7 puts the issue's message (our i18n key) on `message`.
        const code = (v.params.issue as { message?: string } | undefined)?.message ?? v.message ?? v.keyword;
        // Unknown fields: one detail per field, named by its own path, not its parent's.
        const keys = v.keyword === 'unrecognized_keys' ? v.params.keys : undefined;
        if (!Array.isArray(keys) || keys.length === 0) return [{ field, code }];
        return keys.map((key) => ({ field: field ? `${field}.${key}` : String(key), code }));
      });
      return reply
        .status(400)
        .send({ error: { code: 'validation_error', message: 'Invalid data', details } });
    }
    if (isMalformedMultipart(err, request.headers['content-type'])) {
      return sendAppError(reply, validationError([{ field: 'body', code: 'validation.malformed_body' }]));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({
        error: { code: 'server_error', message: 'Server error, please try again later' },
      });
    }
    const code = codeForStatus(status);
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Malformed JSON body'
        : err.message;
    return reply.status(status).send({ error: { code, message } });
  });
}
