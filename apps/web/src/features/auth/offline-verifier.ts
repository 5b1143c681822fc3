/**
 * Offline sign-in: after an online sign-in the device keeps, per officer, a slow password
 * verifier (PBKDF2-SHA-256, 1,000,000 iterations, above OWASP's 600,000, so each guess is slow
 * on an officer's machine, docs/decisions/013-measured-figures.md; a random 16-byte salt per
 * user) and the cached profile. Each verifier keeps its own iteration count, so those saved with
 * an older count still verify; the next online sign-in saves one with the current count.
 * Within N days of that sign-in (a setting, 7 by default) the officer can sign in again with
 * no network; the password then stays in memory only, to renew the real session when the
 * network returns (auth-client.ts). Nothing here is a secret the server relies on.
 */
import type { SessionUser } from '@bh/shared';
import { z } from 'zod';
import { base64ToBytes, bytesToBase64 } from '../../lib/base64.ts';

const KEY = 'offline-signin';
const DAYS_KEY = 'offline-signin-days';
export const OFFLINE_ITERATIONS = 1_000_000;
export const DEFAULT_OFFLINE_DAYS = 7;
export const OFFLINE_DAY_CHOICES = [0, 1, 3, 7, 14, 30] as const;
const DAY_MS = 86_400_000;

const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'officer']),
  avatar: z.string().nullable(),
});
const entrySchema = z.object({
  salt: z.string(),
  iterations: z.number().int().positive(),
  hash: z.string(),
  user: userSchema,
  savedAt: z.number(),
});
const storeSchema = z.record(z.string(), entrySchema);
type Entry = z.infer<typeof entrySchema>;

const keyOf = (email: string) => email.trim().toLowerCase();

function readAll(): Record<string, Entry> {
  try {
    const parsed = storeSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, Entry>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or blocked: offline sign-in is simply not offered
  }
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Days an offline sign-in stays possible after the last online one (0 turns it off). */
export function offlineDays(): number {
  const n = Number(localStorage.getItem(DAYS_KEY) ?? DEFAULT_OFFLINE_DAYS);
  return Number.isInteger(n) && n >= 0 && n <= 30 ? n : DEFAULT_OFFLINE_DAYS;
}

export function setOfflineDays(days: number) {
  localStorage.setItem(DAYS_KEY, String(days));
  if (days === 0) writeAll({});
}

/** After an online sign-in (or a password change): keep the verifier and the profile. */
export async function saveOfflineVerifier(email: string, password: string, user: SessionUser): Promise<void> {
  if (offlineDays() === 0 || typeof crypto === 'undefined' || !crypto.subtle) return;
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, OFFLINE_ITERATIONS);
  const all = readAll();
  all[keyOf(email)] = {
    salt: bytesToBase64(salt),
    iterations: OFFLINE_ITERATIONS,
    hash: bytesToBase64(hash),
    user: { ...user, avatar: user.avatar ?? null },
    savedAt: Date.now(),
  };
  writeAll(all);
}

/** When this officer's offline sign-in expires (null: none on this device). */
export function offlineSignInUntil(email: string): number | null {
  const entry = readAll()[keyOf(email)];
  return entry ? entry.savedAt + offlineDays() * DAY_MS : null;
}

/** The cached profile when the password matches a verifier younger than N days, else null. */
export async function verifyOffline(
  email: string,
  password: string,
  now = Date.now(),
): Promise<SessionUser | null> {
  const entry = readAll()[keyOf(email)];
  if (!entry || now - entry.savedAt > offlineDays() * DAY_MS) return null;
  const hash = await derive(password, base64ToBytes(entry.salt), entry.iterations);
  const expected = base64ToBytes(entry.hash);
  // Compare every byte so the time does not tell how much matched.
  let diff = hash.length ^ expected.length;
  for (let i = 0; i < hash.length; i++) diff |= (hash[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0 ? entry.user : null;
}
