import { ERROR_CODES as ERROR_STATUS, type ApiErrorCode as ErrorCode } from '@bh/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const codeForStatus = (status: number): ErrorCode => {
  const found = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'server_error' : 'validation_error';
};

/** Every error becomes `{error:{code,message,details?}}`; no stack traces leave the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        // fastify-type-provider-zod 7 puts the issue's message (our i18n key) on `message`.
        code: (v.params.issue as { message?: string } | undefined)?.message ?? v.message ?? v.keyword,
      }));
      return reply
        .status(400)
        .send({ error: { code: 'validation_error', message: 'Invalid data', details } });
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
