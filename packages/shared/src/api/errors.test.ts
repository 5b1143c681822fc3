import { describe, expect, it } from 'vitest';
import * as errors from './errors.ts';

describe('api errors', () => {
  it('maps codes to the HTTP statuses', () => {
    expect(Object.entries(errors.ERROR_CODES).join(' ')).toBe(
      'validation_error,400 unauthorized,401 device_revoked,401 forbidden,403 not_found,404 conflict,409 payload_too_large,413 unsupported_media_type,415 unprocessable,422 rate_limited,429 server_error,500',
    );
    expect(errors.httpStatusOf('conflict')).toBe(409);
    expect(errors.errorCodeOfStatus(422)).toBe('validation_error');
    expect(errors.errorCodeOfStatus(503)).toBe('server_error');
    expect(errors.errorCodeOfStatus(418)).toBeNull();
  });

  it('builds and parses error bodies', () => {
    const body = errors.apiError('validation_error', [{ field: 'fullName', code: 'validation.required' }]);
    expect(body).toEqual({
      error: {
        code: 'validation_error',
        message: 'errors.validation_error',
        details: [{ field: 'fullName', code: 'validation.required' }],
      },
    });
    expect(errors.apiErrorSchema.safeParse(body).success).toBe(true);
    expect(errors.apiError('not_found')).toEqual({
      error: { code: 'not_found', message: 'errors.not_found' },
    });
    expect(errors.apiErrorSchema.safeParse({ error: { code: 'teapot', message: 'x' } }).success).toBe(false);
    expect(errors.errorMessageKey('nope')).toBe('errors.unknown_error');
  });
});
