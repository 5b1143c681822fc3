/**
 * Base45 (RFC 9285): bytes as characters of the QR alphanumeric set, so a QR code can hold them
 * in alphanumeric mode (5.5 bits a character) instead of byte mode (8 bits).
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const VALUE_OF = new Map([...ALPHABET].map((char, index) => [char, index]));

/** Encodes bytes: every 2 bytes become 3 characters, a last odd byte 2. */
export function base45Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 2) {
    const first = bytes[i] ?? 0;
    const second = bytes[i + 1];
    let n = second === undefined ? first : first * 256 + second;
    const digits = second === undefined ? 2 : 3;
    for (let d = 0; d < digits; d++) {
      out += ALPHABET[n % 45];
      n = Math.floor(n / 45);
    }
  }
  return out;
}

/** Decodes base45 text; null when a character is outside the alphabet or a group is out of range. */
export function base45Decode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 3 === 1) return null;
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 3) {
    const group = [...text.slice(i, i + 3)].map((char) => VALUE_OF.get(char));
    if (group.some((value) => value === undefined)) return null;
    const [c = 0, d = 0, e] = group;
    const n = c + d * 45 + (e ?? 0) * 45 * 45;
    if (e === undefined) {
      if (n > 0xff) return null;
      out.push(n);
    } else {
      if (n > 0xffff) return null;
      out.push(n >> 8, n & 0xff);
    }
  }
  return Uint8Array.from(out);
}
