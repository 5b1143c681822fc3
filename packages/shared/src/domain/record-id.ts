/**
 * Ids of the records a device creates: UUID version 7 (RFC 9562), whose first 48 bits are the
 * creation time in Unix milliseconds. Still a UUID to every reader (the server's uuid columns,
 * `isValidRecordId`), but ids made one after the other sort one after the other. So the
 * server's B-tree indexes on them (the records' primary keys, the audit trail's entity index)
 * take a synced batch at their right edge instead of at random pages: the INSERTs touch fewer
 * uncached pages than with random (version 4) ids, more so as the tables grow
 * (docs/decisions/012-write-path-upkeep.md).
 *
 * Within one millisecond the 12 bits after the version count up from a random start (RFC 9562,
 * 6.2 method 1), so ids made in a loop keep their order; the last 62 bits are random.
 */

let lastMs = -1;
let counter = 0;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A new UUID version 7 for a record made on this device. */
export function newRecordId(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    counter++;
    // 4,096 ids in one millisecond: borrow the next one (the time part stays ordered).
    if (counter > 0xfff) {
      ms++;
      counter = (bytes[6] ?? 0) & 0x3ff;
    }
  } else {
    // A random start in the lower half leaves room to count up.
    counter = (((bytes[6] ?? 0) << 8) | (bytes[7] ?? 0)) & 0x7ff;
  }
  lastMs = ms;
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(ms / 2 ** (8 * (5 - i))) & 0xff;
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
