/**
 * Unlocking the device (docs/decisions/016-encryption-at-rest.md): after an online sign-in the
 * server releases the device's data key from escrow, and the device wraps it again with the
 * password just typed (a password changed or reset elsewhere takes over here); offline, and on
 * the unlock screen, the password opens the wrapped copy. Either way the keys go to memory only.
 * Loaded when first needed (a sign-in, the unlock screen): the login route does not carry it.
 */
import type { SessionUser } from '@bh/shared';
import { apiRequest } from '../../lib/api.ts';
import { fromB64Url, keepWrappedKey, keysFromRaw, unwrapKey } from '../../lib/device-key.ts';
import { unlockDevice } from '../../lib/device-lock.ts';
import {
  deviceOwner,
  holdsOtherOfficer,
  lockedForSomeoneElse,
  setDeviceOwner,
  setLockedFor,
} from '../../lib/device-owner.ts';
import type { Notice } from './rate-limit-notice.ts';

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
 * After an online sign-in: the escrowed key, else (the key route out of reach) the wrapped copy.
 * False when neither opens. A device that held another officer's data (with nothing unsent, or
 * the sign-in is refused) is wiped first (`unlockSignedIn`).
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

/**
 * The login page's refusal before it asks the server: another officer's unsent changes wait on
 * this device (a logout that locked), and nobody else may sign in here until they are sent.
 */
export function refusedHere(email: string): Notice | null {
  const other = lockedForSomeoneElse(email);
  return other === null ? null : { key: 'lock.otherOfficer', params: { name: other } };
}

/**
 * After a sign-in, online (with its token) or offline: a device holding another officer's data is
 * wiped first, unless that officer left changes unsent there (then the sign-in is refused); then
 * the keys. Null once unlocked, else what the login page says.
 */
export async function unlockSignedIn(
  user: SessionUser,
  password: string,
  token?: string,
): Promise<Notice | null> {
  if (holdsOtherOfficer(user.id)) {
    const { unsentChanges, wipeForAnotherOfficer } = await import('../../db/device-wipe.ts');
    if ((await unsentChanges()) > 0)
      return { key: 'lock.otherOfficer', params: { name: deviceOwner()?.name ?? '' } };
    await wipeForAnotherOfficer();
  }
  const unlocked =
    token === undefined
      ? await unlockWithPassword(user, password)
      : await unlockAfterSignIn(user, token, password);
  if (!unlocked) return { key: 'lock.keyUnavailable' };
  setLockedFor(null);
  return null;
}
