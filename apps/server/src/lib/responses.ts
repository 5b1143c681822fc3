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
