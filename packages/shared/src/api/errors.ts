/**
 * API error envelope: every non-2xx response body is `{ error: { code, message, details? } }`.
 * `message` is the i18n key of the code in errorCatalogue (`errors.<code>`) unless a more
 * precise key applies. Conventions for `details`:
 * - validation_error: FieldIssue[] ({ field?, code } with code an i18n key of validationMessages)
 * - conflict: { serverRecord } (the server's current record, a tombstone when deleted)
 */
import { z } from 'zod';
import { keyed, plainShape } from '../schemas/common.ts';

export const ERROR_CODES = {
  validation_error: 400,
  unauthorized: 401,
  /** The device was revoked (api/devices.ts): it must wipe what it holds. */
  device_revoked: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Well-formed but refused by a business rule (a forbidden status transition). */
  unprocessable: 422,
  rate_limited: 429,
  server_error: 500,
} as const;
export type ApiErrorCode = keyof typeof ERROR_CODES;

const API_ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

export const apiErrorSchema = plainShape({
  error: plainShape({
    code: z.enum(API_ERROR_CODE_LIST, keyed('validation.required', 'validation.invalid_option')),
    message: z.string(keyed()),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * HTTP status of an error code.
 * @internal Exported for its tests only (knip --production).
 */
export function httpStatusOf(code: ApiErrorCode): number {
  return ERROR_CODES[code];
}

/**
 * Error code of an HTTP status (422 counts as validation_error, other 5xx as server_error), or null.
 * @internal Exported for its tests only (knip --production).
 */
export function errorCodeOfStatus(status: number): ApiErrorCode | null {
  if (status === 422) return 'validation_error';
  const found = API_ERROR_CODE_LIST.find((code) => ERROR_CODES[code] === status);
  if (found) return found;
  return status >= 500 && status <= 599 ? 'server_error' : null;
}

/** i18n key (errorCatalogue) of an error code; unknown codes give 'errors.unknown_error'. */
export function errorMessageKey(code: string): string {
  return Object.hasOwn(ERROR_CODES, code) ? `errors.${code}` : 'errors.unknown_error';
}

/** Builds an error body. */
export function apiError(
  code: ApiErrorCode,
  details?: unknown,
  message: string = errorMessageKey(code),
): ApiError {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}
