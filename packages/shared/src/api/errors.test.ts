import { describe, expect, it } from 'vitest';
import {
  apiError,
  apiErrorSchema,
  ERROR_CODES,
  errorCodeOfStatus,
  errorMessageKey,
  httpStatusOf,
} from './errors.ts';

describe('api errors', () => {
  it('maps codes to the HTTP statuses', () => {
    expect(ERROR_CODES).toEqual({
      validation_error: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      payload_too_large: 413,
      unsupported_media_type: 415,
      unprocessable: 422,
      rate_limited: 429,
      server_error: 500,
    });
    expect(httpStatusOf('conflict')).toBe(409);
    expect(errorCodeOfStatus(422)).toBe('validation_error');
    expect(errorCodeOfStatus(503)).toBe('server_error');
    expect(errorCodeOfStatus(418)).toBeNull();
  });

  it('builds and parses error bodies', () => {
    const body = apiError('validation_error', [{ field: 'fullName', code: 'validation.required' }]);
    expect(body).toEqual({
      error: {
        code: 'validation_error',
        message: 'errors.validation_error',
        details: [{ field: 'fullName', code: 'validation.required' }],
      },
    });
    expect(apiErrorSchema.safeParse(body).success).toBe(true);
    expect(apiError('not_found')).toEqual({ error: { code: 'not_found', message: 'errors.not_found' } });
    expect(apiErrorSchema.safeParse({ error: { code: 'teapot', message: 'x' } }).success).toBe(false);
    expect(errorMessageKey('nope')).toBe('errors.unknown_error');
  });
});
