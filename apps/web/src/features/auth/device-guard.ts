/**
 * What ends a session because of the device itself (issue 33 point 4,
 * docs/decisions/015-revoked-devices.md), and what the sign-in page then says:
 * - revoked: any answer 401 device_revoked wipes the device (db/device-wipe.ts: nothing can be
 *   sent first, the server refuses its tokens) and reloads the sign-in page, which says so and how
 *   many unsent changes were lost;
 * - locked: a device that has not reached the server for N days (lib/offline-lock.ts) ends its
 *   session (its data stays) and signs in online only.
 */
import { setDeviceRevokedHandler } from '../../lib/api.ts';
import { offlineLockDays, offlineLocked, trackServerReached } from '../../lib/offline-lock.ts';
import { clearSession, getSession } from '../../lib/session.ts';
import { createStore } from '../../lib/store.ts';

export type DeviceNotice = { kind: 'revoked'; lostChanges: number } | { kind: 'locked'; days: number } | null;

/** Survives the reload after a wipe (session storage is emptied by the wipe, then set). */
const WIPED_KEY = 'bh-device-wiped';
const CHECK_EVERY_MS = 10 * 60_000;

function takeWipedNotice(): DeviceNotice {
  try {
    const raw = sessionStorage.getItem(WIPED_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(WIPED_KEY);
    const lost = Number(raw);
    return { kind: 'revoked', lostChanges: Number.isInteger(lost) && lost > 0 ? lost : 0 };
  } catch {
    return null;
  }
}

const notice = createStore<DeviceNotice>(null);
/** The sign-in page's notice: revoked (and wiped) or locked; cleared by the next sign-in. */
export const useDeviceNotice = notice.use;
export const clearDeviceNotice = () => notice.set(null);

let wiping = false;

/** Wipes the device once however many requests were refused, then opens the sign-in page. */
function wipeRevokedDevice(): void {
  if (wiping) return;
  wiping = true;
  void (async () => {
    let lostChanges = 0;
    try {
      const { wipeDevice } = await import('../../db/device-wipe.ts');
      ({ lostChanges } = await wipeDevice());
    } finally {
      clearSession();
      try {
        sessionStorage.setItem(WIPED_KEY, String(lostChanges));
      } catch {
        // the page then shows no notice; the device is wiped all the same
      }
      window.location.replace('/login');
    }
  })();
}

/** Ends an open session once the device has not reached the server for N days. */
function lockIfStale() {
  if (!getSession() || !offlineLocked()) return;
  notice.set({ kind: 'locked', days: offlineLockDays() });
  clearSession();
}

let installed = false;
/** Start-up (main.tsx): the revocation handler, the clock of the N-days lock and its checks. */
export function installDeviceGuard() {
  if (installed) return;
  installed = true;
  notice.set(takeWipedNotice());
  setDeviceRevokedHandler(wipeRevokedDevice);
  trackServerReached();
  lockIfStale();
  setInterval(lockIfStale, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') lockIfStale();
  });
}

/** The offline sign-in's check: the notice to show when the device is locked, else null. */
export function lockedNotice(): DeviceNotice {
  return offlineLocked() ? { kind: 'locked', days: offlineLockDays() } : null;
}
