// Mirrors the spec's error catalogue (section 8); the shared package holds the translated texts.
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  server_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
