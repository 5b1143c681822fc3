/**
 * Whether the device is unlocked (docs/decisions/016-encryption-at-rest.md): the keys the app's
 * database is sealed with, held in memory only, null while locked. A page load starts locked; a
 * sign-in or the unlock screen gives the keys, a lock (idle time, logout with changes pending)
 * takes them. Small and without Dexie: every route carries it (whose data the device holds and
 * whose changes wait are lib/device-owner.ts, loaded by the login screen and the logout).
 */
import type { DeviceKeys } from './device-key.ts';
import { createStore } from './store.ts';

const keys = createStore<DeviceKeys | null>(null);

export const getDeviceKeys = keys.get;
export const subscribeDeviceKeys = keys.subscribe;
/** True while the device is unlocked (React). */
export const useUnlocked = (): boolean => keys.use() !== null;

export function unlockDevice(given: DeviceKeys) {
  keys.set(given);
}

export function lockDevice() {
  keys.set(null);
}

/** Where lib/device-owner.ts keeps whose changes wait after a logout that locked (the login page checks it). */
export const LOCKED_FOR_KEY = 'locked-for';
