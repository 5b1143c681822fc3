/**
 * Response schemas shared by every route: the error envelope of packages/shared for each error
 * status a route can answer (500 always), so the OpenAPI document lists them and the serializer
 * checks them like any 2xx body.
 */
import { type ApiErrorCode, apiErrorSchema, ERROR_CODES } from '@bh/shared';

type ErrorStatus = (typeof ERROR_CODES)[ApiErrorCode];

export function errorResponses(
  ...codes: ApiErrorCode[]
): Partial<Record<ErrorStatus, typeof apiErrorSchema>> {
  const out: Partial<Record<ErrorStatus, typeof apiErrorSchema>> = { 500: apiErrorSchema };
  for (const code of codes) out[ERROR_CODES[code]] = apiErrorSchema;
  return out;
}

/**
 * The errors of a route that stores what it is sent: a bad, too large or wrongly typed body, no
 * login, or a conflict with what is stored; `more` adds the route's own.
 */
export function storingErrorResponses(
  ...more: ApiErrorCode[]
): Partial<Record<ErrorStatus, typeof apiErrorSchema>> {
  return errorResponses(
    'validation_error',
    'unauthorized',
    'conflict',
    'payload_too_large',
    'unsupported_media_type',
    ...more,
  );
}
