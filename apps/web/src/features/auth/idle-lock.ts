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

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Watches for input and locks after the set time without any; returns the stop function. */
export function startIdleLock(): () => void {
  let last = Date.now();
  const seen = () => {
    last = Date.now();
  };
  for (const type of ACTIVITY) window.addEventListener(type, seen, { passive: true, capture: true });
  const timer = setInterval(() => {
    const minutes = idleLockMinutes();
    if (minutes > 0 && getDeviceKeys() !== null && Date.now() - last >= minutes * 60_000) lockDevice();
    if (getDeviceKeys() === null) last = Date.now();
  }, CHECK_MS);
  return () => {
    clearInterval(timer);
    for (const type of ACTIVITY) window.removeEventListener(type, seen, { capture: true });
  };
}
