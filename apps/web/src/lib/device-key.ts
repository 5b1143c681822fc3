/**
 * The device's data key (issue 33 point 2, docs/decisions/016-encryption-at-rest.md). One random
 * 32-byte key per account and device, made by the server at the device's first online sign-in and
 * kept there in escrow (POST /api/devices/current/key). On the device it lives in two forms only:
 * - in memory, as non-extractable WebCrypto keys derived from it (HKDF-SHA-256): one AES-256-GCM
 *   key for records and files, one HMAC-SHA-256 key for keyed hashes; dropped at lock and logout;
 * - in localStorage, wrapped (AES-256-GCM) by a key derived from the officer's password
 *   (PBKDF2-SHA-256, 600,000 iterations, a random salt per wrap), for unlocking without a network.
 *   It is kept apart from the offline sign-in verifier (features/auth/offline-verifier.ts): that one
 *   is a hash to compare, this one a key to open, each with its own salt.
 * A password change re-wraps it; a reset elsewhere is met by the next online sign-in, which gets
 * the key back from escrow and wraps it with the new password.
 */

import { base64ToBytes, bytesToBase64 } from './base64.ts';

export const WRAP_ITERATIONS = 600_000;
const STORE_KEY = 'device-key';

/** The keys records and files are sealed with, held in memory only. */
export interface DeviceKeys {
  /** AES-256-GCM, non-extractable. */
  seal: CryptoKey;
  /** HMAC-SHA-256, non-extractable. */
  hash: CryptoKey;
}

interface WrappedKey {
  salt: string;
  iterations: number;
  iv: string;
  data: string;
  savedAt: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isWrappedKey(v: unknown): v is WrappedKey {
  return (
    isRecord(v) &&
    typeof v.salt === 'string' &&
    typeof v.iterations === 'number' &&
    typeof v.iv === 'string' &&
    typeof v.data === 'string' &&
    typeof v.savedAt === 'number'
  );
}

/** The escrow's base64url (no padding) to bytes. */
export const fromB64Url = (text: string) =>
  base64ToBytes(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );

const encoder = new TextEncoder();

/** Derives the in-memory keys from the raw data key; the caller then forgets the raw bytes. */
export async function keysFromRaw(raw: Uint8Array<ArrayBuffer>): Promise<DeviceKeys> {
  const base = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
  const params = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(32),
    info: encoder.encode(info),
  });
  const seal = await crypto.subtle.deriveKey(
    params('bh-records-v1'),
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const hash = await crypto.subtle.deriveKey(
    params('bh-hashes-v1'),
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  return { seal, hash };
}

async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function readAll(): Record<string, WrappedKey> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    if (!isRecord(parsed)) return {};
    const out: Record<string, WrappedKey> = {};
    for (const [user, entry] of Object.entries(parsed)) if (isWrappedKey(entry)) out[user] = entry;
    return out;
  } catch {
    return {};
  }
}

/** Wraps the raw key with the password and keeps it for this officer (replacing an older wrap). */
export async function keepWrappedKey(
  userId: string,
  raw: Uint8Array<ArrayBuffer>,
  password: string,
): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await passwordKey(password, salt, WRAP_ITERATIONS);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(userId) }, key, raw),
  );
  const all = readAll();
  all[userId] = {
    salt: bytesToBase64(salt),
    iterations: WRAP_ITERATIONS,
    iv: bytesToBase64(iv),
    data: bytesToBase64(data),
    savedAt: Date.now(),
  };
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

/**
 * Opens this officer's wrapped key with the password: the in-memory keys, plus the raw bytes for a
 * re-wrap (the caller fills them with zeros after). Null for a wrong password or no wrapped key.
 */
export async function unwrapKey(
  userId: string,
  password: string,
): Promise<{ keys: DeviceKeys; raw: Uint8Array<ArrayBuffer> } | null> {
  const entry = readAll()[userId];
  if (!entry) return null;
  try {
    const key = await passwordKey(password, base64ToBytes(entry.salt), entry.iterations);
    const raw = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: base64ToBytes(entry.iv), additionalData: encoder.encode(userId) },
        key,
        base64ToBytes(entry.data),
      ),
    );
    return { keys: await keysFromRaw(raw), raw };
  } catch {
    // The tag did not verify: a wrong password (or a damaged entry).
    return null;
  }
}

/** After a password change: the wrapped copy opened with the old password, wrapped with the new one. */
export async function rewrapKey(userId: string, oldPassword: string, newPassword: string): Promise<boolean> {
  const opened = await unwrapKey(userId, oldPassword);
  if (!opened) return false;
  await keepWrappedKey(userId, opened.raw, newPassword);
  opened.raw.fill(0);
  return true;
}

/** Forgets every wrapped key (the wipe at logout). */
export function forgetWrappedKeys() {
  localStorage.removeItem(STORE_KEY);
}
