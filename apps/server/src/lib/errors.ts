import { ERROR_CODES as ERROR_STATUS, type ApiErrorCode as ErrorCode } from '@bh/shared';

/** An error the API answers with `{error:{code,message,details?}}` and the code's HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    details?: unknown,
    headers?: Record<string, string>,
    /** Overrides the code's status (422: a well-formed request refused, same envelope). */
    status?: number,
  ) {
    super(message);
    this.code = code;
    this.status = status ?? ERROR_STATUS[code];
    this.details = details;
    this.headers = headers;
  }
}

export const notFound = (what = 'Data not found') => new AppError('not_found', what);
export const forbidden = () => new AppError('forbidden', "You don't have permission to perform this action");
export const unauthorized = (msg = 'You need to login to continue') => new AppError('unauthorized', msg);
export const validationError = (details?: unknown, msg = 'Invalid data') =>
  new AppError('validation_error', msg, details);
export const conflict = (details?: unknown, msg = 'Data conflict') => new AppError('conflict', msg, details);
/** 422: the request is well-formed but refers to something it may not use (validation_error envelope). */
export const unprocessable = (details?: unknown, msg = 'Invalid data') =>
  new AppError('validation_error', msg, details, undefined, 422);
