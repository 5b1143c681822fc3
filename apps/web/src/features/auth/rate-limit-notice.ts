/**
 * The message for a 429 from the API's rate limits: its translation key with the wait in whole
 * minutes, from the answer's details.retryAfter (seconds; the Retry-After header says the same).
 */
import { ApiError } from '../../lib/api.ts';

export interface Notice {
  key: string;
  params?: Record<string, number | string>;
}

/** When an answer names no wait: the longest login window. */
const DEFAULT_WAIT_S = 15 * 60;

function retryAfterSeconds(details: unknown): number {
  if (typeof details === 'object' && details !== null && 'retryAfter' in details) {
    const seconds = Number(details.retryAfter);
    if (Number.isFinite(seconds) && seconds > 0) return seconds;
  }
  return DEFAULT_WAIT_S;
}

/** `key` with `{ minutes }` when `err` is a 429, else null. */
export function rateLimitNotice(err: unknown, key: string): Notice | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  return { key, params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds(err.details) / 60)) } };
}
