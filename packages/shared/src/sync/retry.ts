/**
 * Retry policy of the outbox (docs/architecture.md, "Sync"): network errors,
 * time-outs, 429 and 5xx are retried with a delay of 5 s doubled per retry, plus up to 20 % jitter,
 * capped at 5 minutes; after RETRY_ATTEMPTS tries the item becomes a failed item
 * (max_retries_exceeded, retryable). Nothing is dropped.
 */
import {
  RETRY_ATTEMPTS,
  RETRY_BASE_DELAY_MS,
  RETRY_JITTER_RATIO,
  RETRY_MAX_DELAY_MS,
} from '../domain/constants.ts';
import type { FailedErrorType } from './local-store.ts';

/**
 * Delay before the next try: 5000 * 2^retryCount plus up to 20 % jitter, at most 5 minutes.
 * `random` returns a number in [0, 1) (Math.random by default; pass a stub in tests).
 */
export function retryDelayMs(retryCount: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(retryCount));
  const base = RETRY_BASE_DELAY_MS * 2 ** Math.min(exponent, 30);
  const jitter = base * RETRY_JITTER_RATIO * Math.min(Math.max(random(), 0), 1);
  return Math.min(Math.round(base + jitter), RETRY_MAX_DELAY_MS);
}

/** True when an item that has failed `retryCount` times must move to the failed items. */
export function hasExhaustedRetries(retryCount: number): boolean {
  return retryCount >= RETRY_ATTEMPTS;
}

/**
 * What the device does with a push or REST call that failed, by HTTP status (null = no response:
 * network error or time-out), and the i18n key of the notice (errorCatalogue).
 * - retry: keep in the outbox and try again later (failedType when retries run out)
 * - pause: stop syncing until the user logs in again (401)
 * - conflict: record a conflict (409)
 * - reject: move to the failed items, not retryable (400, 403, 404, 413, 415, 422)
 */
export type SyncFailureAction =
  | { action: 'retry'; messageKey: string; failedType: FailedErrorType }
  | { action: 'pause'; messageKey: string }
  | { action: 'conflict'; messageKey: string }
  | { action: 'reject'; messageKey: string };

export function classifySyncFailure(status: number | null, timedOut = false): SyncFailureAction {
  if (status === null || status === 0) {
    return {
      action: 'retry',
      messageKey: timedOut ? 'errors.timeout_error' : 'errors.network_error',
      failedType: 'network',
    };
  }
  switch (status) {
    case 400:
    case 422:
      return { action: 'reject', messageKey: 'errors.validation_error' };
    case 401:
      return { action: 'pause', messageKey: 'errors.unauthorized' };
    case 403:
      return { action: 'reject', messageKey: 'errors.forbidden' };
    case 404:
      return { action: 'reject', messageKey: 'errors.not_found' };
    case 409:
      return { action: 'conflict', messageKey: 'errors.conflict' };
    case 413:
      return { action: 'reject', messageKey: 'errors.payload_too_large' };
    case 415:
      return { action: 'reject', messageKey: 'errors.unsupported_media_type' };
    case 408:
      return { action: 'retry', messageKey: 'errors.timeout_error', failedType: 'network' };
    case 429:
      return { action: 'retry', messageKey: 'errors.rate_limited', failedType: 'server_error' };
    default:
      if (status >= 500)
        return { action: 'retry', messageKey: 'errors.server_error', failedType: 'server_error' };
      return { action: 'retry', messageKey: 'errors.unknown_error', failedType: 'server_error' };
  }
}
