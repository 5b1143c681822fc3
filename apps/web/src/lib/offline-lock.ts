/**
 * "A device that has not reached the server for N days locks and needs an online sign-in" (issue
 * 33 point 4): when the server last answered this device (kept across reloads, written at most
 * once a minute) and N, the admins' setting the sign-in and refresh answers carry. Past N days
 * an offline sign-in is refused and an open session ends (features/auth/device-guard.ts).
 */
import { DEFAULT_OFFLINE_LOCK_DAYS, OFFLINE_LOCK_DAYS_MAX, OFFLINE_LOCK_DAYS_MIN } from '@bh/shared';
import { onServerReached } from './server-reached.ts';
import { storage } from './storage.ts';

const REACHED_KEY = 'bh-server-reached-at';
const DAYS_KEY = 'bh-offline-lock-days';
const DAY_MS = 86_400_000;
const WRITE_EVERY_MS = 60_000;

const readNumber = (key: string) => {
  const n = Number(storage.get(key) ?? Number.NaN);
  return Number.isFinite(n) ? n : null;
};

/** Notes that the server answered now (stored at most once a minute). */
export function noteReached(now = Date.now()) {
  const last = readNumber(REACHED_KEY);
  if (last === null || now - last >= WRITE_EVERY_MS || now < last) storage.set(REACHED_KEY, String(now));
}

/** Keeps the setting the server sent (ignored when missing or out of its bounds). */
export function setOfflineLockDays(days: number | null | undefined) {
  if (
    typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= OFFLINE_LOCK_DAYS_MIN &&
    days <= OFFLINE_LOCK_DAYS_MAX
  )
    storage.set(DAYS_KEY, String(days));
}

export function offlineLockDays(): number {
  return readNumber(DAYS_KEY) ?? DEFAULT_OFFLINE_LOCK_DAYS;
}

/**
 * True when the device last reached the server more than N days ago. A device that never noted
 * it (an older version) starts counting now.
 */
export function offlineLocked(now = Date.now()): boolean {
  const last = readNumber(REACHED_KEY);
  if (last === null) {
    noteReached(now);
    return false;
  }
  return now - last > offlineLockDays() * DAY_MS;
}

let installed = false;
/** Start-up: every answer of the server counts as reaching it. */
export function trackServerReached() {
  if (installed) return;
  installed = true;
  onServerReached(() => noteReached());
}
