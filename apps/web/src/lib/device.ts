/**
 * This installation as the server knows it (issue 33 point 4, docs/decisions/015-revoked-devices.md):
 * a random id made once and kept in localStorage, so it survives a logout but not a wipe (after
 * which the app signs in as a new device), and a readable label from the user agent ("Chrome on
 * Android"). Every online sign-in sends both. No imports but storage: the login screen uses it.
 */
import { storage } from './storage.ts';

const KEY = 'bh-device-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A random UUID (version 4), also where crypto.randomUUID is missing (an insecure context). */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This installation's id: made on first use, then the same until the device is wiped. */
export function deviceId(): string {
  const stored = storage.get(KEY);
  if (stored && UUID.test(stored)) return stored;
  const id = randomUuid();
  storage.set(KEY, id);
  return id;
}

// First match wins: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: readonly [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

/** "Browser on System" from a user agent; what is unknown is left out ("Browser" at worst). */
export function deviceLabel(
  ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): string {
  const browser = first(BROWSERS, ua) ?? 'Browser';
  const system = first(SYSTEMS, ua);
  return system ? `${browser} on ${system}` : browser;
}
