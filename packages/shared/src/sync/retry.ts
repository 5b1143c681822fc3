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
 * What the sync engine does with a push that got no per-mutation answer, by HTTP status (null or
 * 0 = no response: network error or time-out), and the i18n key it shows (errorCatalogue) when
 * the failure ends the run. apps/web/src/sync/push-phase.ts acts on it; engine.ts shows its key.
 * - pause: stop syncing until the user logs in again (401)
 * - isolate: the server refused the batch as a whole (400, 403, 413, 422): send its rows one by
 *   one, so only a bad row becomes a failed item
 * - wait: wait as long as the answer asks (Retry-After) without spending a try (429)
 * - retry: spend a try, back off, and after RETRY_ATTEMPTS list the rows as failed items of
 *   `failedType` (retryable): network errors and time-outs, 5xx, and any other status (a 409 for
 *   a push is the client id bound to another user, a 404 a server without the route: neither is
 *   the rows' fault)
 * `refusesRow`: a push of ONE mutation answered this way makes that row a failed item
 * (validation_failed, not retryable): every 4xx but 401 and 429.
 */
export type SyncFailure =
  | { action: 'pause' | 'isolate' | 'wait'; messageKey: string; refusesRow: boolean }
  | {
      action: 'retry';
      messageKey: string;
      refusesRow: boolean;
      failedType: Extract<FailedErrorType, 'network' | 'max_retries_exceeded'>;
    };

/** The statuses with a message of their own; any other 5xx is a server error, anything else unknown. */
const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'errors.validation_error',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.not_found',
  408: 'errors.timeout_error',
  409: 'errors.conflict',
  413: 'errors.payload_too_large',
  415: 'errors.unsupported_media_type',
  422: 'errors.validation_error',
  429: 'errors.rate_limited',
};

/** Statuses that refuse a whole push: its rows are sent one by one. */
const ISOLATED = new Set([400, 403, 413, 422]);

export function classifySyncFailure(status: number | null, timedOut = false): SyncFailure {
  if (status === null || status === 0) {
    const messageKey = timedOut ? 'errors.timeout_error' : 'errors.network_error';
    return { action: 'retry', messageKey, refusesRow: false, failedType: 'network' };
  }
  const messageKey =
    MESSAGE_BY_STATUS[status] ?? (status >= 500 ? 'errors.server_error' : 'errors.unknown_error');
  const refusesRow = status >= 400 && status < 500 && status !== 401 && status !== 429;
  if (status === 401) return { action: 'pause', messageKey, refusesRow };
  if (status === 429) return { action: 'wait', messageKey, refusesRow };
  if (ISOLATED.has(status)) return { action: 'isolate', messageKey, refusesRow };
  return { action: 'retry', messageKey, refusesRow, failedType: 'max_retries_exceeded' };
}
