/**
 * The idle lock (docs/decisions/016-encryption-at-rest.md): after a time without input (a
 * setting, 15 minutes by default, 0 = never) the device locks: the keys leave memory and the
 * unlock screen asks for the password again.
 */
import { getDeviceKeys, lockDevice } from '../../lib/device-lock.ts';

const KEY = 'idle-lock-minutes';
export const IDLE_LOCK_CHOICES = [0, 5, 15, 30, 60] as const;
const DEFAULT_MINUTES = 15;
const CHECK_MS = 5_000;

export function idleLockMinutes(): number {
  const n = Number(localStorage.getItem(KEY) ?? DEFAULT_MINUTES);
  return IDLE_LOCK_CHOICES.some((c) => c === n) ? n : DEFAULT_MINUTES;
}

export function setIdleLockMinutes(minutes: number) {
  localStorage.setItem(KEY, String(minutes));
}

/**
 * Locks after the set time without input (`lastInput`: when the officer last touched the app);
 * while locked it counts afresh, from the unlock on. Returns the stop function.
 */
export function startIdleLock(lastInput: () => number): () => void {
  let from = 0;
  const timer = setInterval(() => {
    if (getDeviceKeys() === null) {
      from = Date.now();
      return;
    }
    const minutes = idleLockMinutes();
    if (minutes > 0 && Date.now() - Math.max(lastInput(), from) >= minutes * 60_000) lockDevice();
  }, CHECK_MS);
  return () => clearInterval(timer);
}
