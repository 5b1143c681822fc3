/**
 * Key ranges as Dexie's DBCore states them, tested without a database: whether a span of keys
 * may fall in a range, whether a key is in it, the range of keys with a prefix.
 */
import { cmp, type DBCoreKeyRange } from 'dexie';

/**
 * Whether keys between `from` and `to` may fall in `range` (DBCoreRangeType: 1 equal, 2 range,
 * 3 any, 4 never); `meets(k, k, range)` is whether the key k is in it.
 */
export function meets(from: unknown, to: unknown, range: DBCoreKeyRange): boolean {
  if (range.type === 3) return true;
  if (range.type === 1) return cmp(from, range.lower) <= 0 && cmp(range.lower, to) <= 0;
  if (range.type !== 2) return false;
  if (range.lower !== undefined) {
    const c = cmp(to, range.lower);
    if (c < 0 || (c === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmp(from, range.upper);
    if (c > 0 || (c === 0 && range.upperOpen)) return false;
  }
  return true;
}

/** Whether `key` is a valid key inside `range`. */
export const inRange = (key: unknown, range: DBCoreKeyRange) =>
  key !== undefined && key !== null && validKey(key) && meets(key, key, range);

/** Whether IndexedDB takes `key` as a key. */
export function validKey(key: unknown): boolean {
  if (typeof key === 'string') return true;
  if (typeof key === 'number') return !Number.isNaN(key);
  if (key instanceof Date) return !Number.isNaN(key.getTime());
  if (Array.isArray(key)) return key.every(validKey);
  return key instanceof ArrayBuffer || ArrayBuffer.isView(key);
}

/** The string keys that start with `prefix`. */
export function prefixRange(prefix: string): DBCoreKeyRange {
  return { type: 2, lower: prefix, upper: `${prefix}\uffff`, lowerOpen: false, upperOpen: false };
}

/** The keys from `lower` to `upper`, both included. */
export function closedRange(lower: unknown, upper: unknown): DBCoreKeyRange {
  return { type: 2, lower, upper, lowerOpen: false, upperOpen: false };
}
