/**
 * Whether the device is unlocked (docs/decisions/016-encryption-at-rest.md): the keys the app's
 * database is sealed with, held in memory only, null while locked. A page load starts locked; a
 * sign-in or the unlock screen gives the keys, a lock (idle time, logout with changes pending)
 * takes them. No Dexie here: the login screen reads this too.
 *
 * Also what the login screen says after a logout that locked: whose changes wait on this device
 * and how many (localStorage `locked-for`), and whose data the device holds (`device-owner`).
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

/** The officer whose data the device holds, and (after a logout that locked) how many changes wait. */
export interface DeviceOwner {
  userId: string;
  email: string;
  name: string;
}
export interface LockedFor extends DeviceOwner {
  pending: number;
}

const OWNER_KEY = 'device-owner';
const LOCKED_KEY = 'locked-for';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function read(key: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function toOwner(v: Record<string, unknown> | null): DeviceOwner | null {
  if (!v || typeof v.userId !== 'string' || typeof v.email !== 'string') return null;
  return { userId: v.userId, email: v.email, name: typeof v.name === 'string' ? v.name : v.email };
}

export const deviceOwner = (): DeviceOwner | null => toOwner(read(OWNER_KEY));

export function setDeviceOwner(owner: DeviceOwner) {
  localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
}

const lockedFor = createStore<LockedFor | null>(readLockedFor());

function readLockedFor(): LockedFor | null {
  if (typeof localStorage === 'undefined') return null;
  const v = read(LOCKED_KEY);
  const owner = toOwner(v);
  return owner && v && typeof v.pending === 'number' ? { ...owner, pending: v.pending } : null;
}

/** Whose changes wait on this locked device (null: none). */
export const getLockedFor = lockedFor.get;
export const useLockedFor = lockedFor.use;

export function setLockedFor(value: LockedFor | null) {
  if (value) localStorage.setItem(LOCKED_KEY, JSON.stringify(value));
  else localStorage.removeItem(LOCKED_KEY);
  lockedFor.set(value);
}

/** Forgets whose data the device holds (the wipe). */
export function forgetDeviceOwner() {
  localStorage.removeItem(OWNER_KEY);
  setLockedFor(null);
}
