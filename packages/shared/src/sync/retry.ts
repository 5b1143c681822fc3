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

/** The statuses with their own answer; any other 5xx is a server error, anything else unknown. */
const BY_STATUS: Readonly<Record<number, SyncFailureAction>> = {
  400: { action: 'reject', messageKey: 'errors.validation_error' },
  401: { action: 'pause', messageKey: 'errors.unauthorized' },
  403: { action: 'reject', messageKey: 'errors.forbidden' },
  404: { action: 'reject', messageKey: 'errors.not_found' },
  408: { action: 'retry', messageKey: 'errors.timeout_error', failedType: 'network' },
  409: { action: 'conflict', messageKey: 'errors.conflict' },
  413: { action: 'reject', messageKey: 'errors.payload_too_large' },
  415: { action: 'reject', messageKey: 'errors.unsupported_media_type' },
  422: { action: 'reject', messageKey: 'errors.validation_error' },
  429: { action: 'retry', messageKey: 'errors.rate_limited', failedType: 'server_error' },
};

export function classifySyncFailure(status: number | null, timedOut = false): SyncFailureAction {
  if (status === null || status === 0) {
    return {
      action: 'retry',
      messageKey: timedOut ? 'errors.timeout_error' : 'errors.network_error',
      failedType: 'network',
    };
  }
  const known = BY_STATUS[status];
  if (known) return { ...known };
  const messageKey = status >= 500 ? 'errors.server_error' : 'errors.unknown_error';
  return { action: 'retry', messageKey, failedType: 'server_error' };
}
