/**
 * Bytes to base64 and back, for sealed envelopes (db/sealing-crypto.ts) and wrapped keys
 * (lib/device-key.ts, features/auth/offline-verifier.ts).
 *
 * The engines' own `Uint8Array.prototype.toBase64` and `Uint8Array.fromBase64` where they exist
 * (Chromium 140, Firefox 133, Safari 18.2): a fresh device seals 100,000 pulled travellers, and
 * encoding each envelope with `String.fromCharCode(...bytes)` and `btoa` cost 1.8 s of its main
 * thread in Chromium, the largest single item of the pull (profiled 2026-11-29). Elsewhere a loop
 * over the bytes (Node's test runs, older engines): the spread form costs more than the loop.
 */

interface NativeBase64 {
  toBase64(): string;
}
interface NativeFromBase64 {
  fromBase64(text: string): Uint8Array<ArrayBuffer>;
}

const hasToBase64 = (bytes: Uint8Array): bytes is Uint8Array & NativeBase64 =>
  typeof Reflect.get(bytes, 'toBase64') === 'function';
const isNativeFrom = (ctor: object): ctor is NativeFromBase64 =>
  typeof Reflect.get(ctor, 'fromBase64') === 'function';
/** The engine's `Uint8Array.fromBase64`, or null. */
const nativeFrom: NativeFromBase64 | null = isNativeFrom(Uint8Array) ? Uint8Array : null;

/** Standard base64 with padding, as `btoa` writes it. */
export function bytesToBase64(bytes: Uint8Array): string {
  if (hasToBase64(bytes)) return bytes.toBase64();
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i] ?? 0);
  return btoa(s);
}

/** Standard base64 (padding optional) to bytes; throws on anything else, as `atob` does. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (nativeFrom) return nativeFrom.fromBase64(text);
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
