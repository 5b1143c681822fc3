/**
 * Unlocking the device (docs/decisions/016-encryption-at-rest.md): after an online sign-in the
 * server releases the device's data key from escrow, and the device wraps it again with the
 * password just typed (a password changed or reset elsewhere takes over here); offline, and on
 * the unlock screen, the password opens the wrapped copy. Either way the keys go to memory only.
 * Small and without Dexie or zod: the login screen carries it.
 */
import type { SessionUser } from '@bh/shared';
import { apiRequest } from '../../lib/api.ts';
import { fromB64Url, keepWrappedKey, keysFromRaw, unwrapKey } from '../../lib/device-key.ts';
import { deviceOwner, getLockedFor, setDeviceOwner, unlockDevice } from '../../lib/device-lock.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The device's data key from the server's escrow, as bytes (null when the answer is not one). */
async function escrowedKey(token: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const answer: unknown = await apiRequest<unknown>('/api/devices/current/key', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    noRefresh: true,
  });
  if (!isRecord(answer) || typeof answer.key !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(answer.key))
    return null;
  return fromB64Url(answer.key);
}

/** Keys to memory, the officer as the device's owner. */
async function take(user: SessionUser, raw: Uint8Array<ArrayBuffer>, password: string) {
  const keys = await keysFromRaw(raw);
  await keepWrappedKey(user.id, raw, password);
  raw.fill(0);
  setDeviceOwner({ userId: user.id, email: user.email, name: user.name });
  unlockDevice(keys);
}

/**
 * Another officer's unsent changes wait on this device (a logout that locked): nobody else may
 * sign in here until that officer sent them. Their name, or null.
 */
export function lockedForSomeoneElse(email: string): string | null {
  const locked = getLockedFor();
  return locked && locked.email.trim().toLowerCase() !== email.trim().toLowerCase() ? locked.name : null;
}

/**
 * After an online sign-in: the escrowed key, else (the key route out of reach) the wrapped copy.
 * False when neither opens. A device that held another officer's data (with nothing unsent, or
 * the login page refused) is wiped by the caller first (`holdsOtherOfficer`).
 */
export async function unlockAfterSignIn(
  user: SessionUser,
  token: string,
  password: string,
): Promise<boolean> {
  const raw = await escrowedKey(token).catch(() => null);
  if (raw) {
    await take(user, raw, password);
    return true;
  }
  return unlockWithPassword(user, password);
}

/** Offline sign-in and the unlock screen: the password opens the wrapped copy. */
export async function unlockWithPassword(user: SessionUser, password: string): Promise<boolean> {
  const opened = await unwrapKey(user.id, password);
  if (!opened) return false;
  opened.raw.fill(0);
  setDeviceOwner({ userId: user.id, email: user.email, name: user.name });
  unlockDevice(opened.keys);
  return true;
}

/** True when the device holds data of another officer than `userId` (to be wiped before). */
export function holdsOtherOfficer(userId: string): boolean {
  const owner = deviceOwner();
  return owner !== null && owner.userId !== userId;
}
