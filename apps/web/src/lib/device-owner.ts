/**
 * Whose data the device holds (localStorage `device-owner`) and, after a logout that locked, whose
 * changes wait on it and how many (`locked-for`): what the login screen says and checks
 * (docs/decisions/016-encryption-at-rest.md). Loaded with the login screen and the logout only.
 */
import { LOCKED_FOR_KEY } from './device-lock.ts';
import { createStore } from './store.ts';

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
  const v = read(LOCKED_FOR_KEY);
  const owner = toOwner(v);
  return owner && v && typeof v.pending === 'number' ? { ...owner, pending: v.pending } : null;
}

/** Whose changes wait on this locked device (null: none). */
export const getLockedFor = lockedFor.get;
export const useLockedFor = lockedFor.use;

export function setLockedFor(value: LockedFor | null) {
  if (value) localStorage.setItem(LOCKED_FOR_KEY, JSON.stringify(value));
  else localStorage.removeItem(LOCKED_FOR_KEY);
  lockedFor.set(value);
}

/** Forgets whose data the device holds (the wipe). */
export function forgetDeviceOwner() {
  localStorage.removeItem(OWNER_KEY);
  setLockedFor(null);
}

/**
 * Another officer's unsent changes wait on this device (a logout that locked): nobody else may
 * sign in here until that officer sent them. Their name, or null.
 */
export function lockedForSomeoneElse(email: string): string | null {
  const locked = getLockedFor();
  return locked && locked.email.trim().toLowerCase() !== email.trim().toLowerCase() ? locked.name : null;
}

/** True when the device holds data of another officer than `userId` (to be wiped before). */
export function holdsOtherOfficer(userId: string): boolean {
  const owner = deviceOwner();
  return owner !== null && owner.userId !== userId;
}
