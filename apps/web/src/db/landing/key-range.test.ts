import type { DBCoreKeyRange } from 'dexie';
import { describe, expect, it } from 'vitest';
import { closedRange, inRange, meets, prefixRange, validKey } from './key-range.ts';

const equal = (key: unknown): DBCoreKeyRange => ({ type: 1, lower: key, upper: key });
const range = (lower: unknown, upper: unknown, lowerOpen = false, upperOpen = false): DBCoreKeyRange => ({
  type: 2,
  lower,
  upper,
  lowerOpen,
  upperOpen,
});
const any: DBCoreKeyRange = { type: 3, lower: undefined, upper: undefined };
const never: DBCoreKeyRange = { type: 4, lower: undefined, upper: undefined };

describe('key ranges', () => {
  it('a span meets a range when some key between its ends may lie in it', () => {
    expect(meets(1, 5, range(5, 9))).toBe(true);
    expect(meets(1, 5, range(5, 9, true))).toBe(false);
    expect(meets(9, 12, range(5, 9))).toBe(true);
    expect(meets(9, 12, range(5, 9, false, true))).toBe(false);
    expect(meets(1, 4, range(5, 9))).toBe(false);
    expect(meets(10, 12, range(5, 9))).toBe(false);
    expect(meets(1, 20, range(5, 9))).toBe(true);
    expect(meets(1, 20, range(undefined, 0))).toBe(false);
    expect(meets(1, 20, range(19, undefined))).toBe(true);
  });

  it('an equality meets the spans that hold its key; any meets all, never none', () => {
    expect(meets(3, 7, equal(3))).toBe(true);
    expect(meets(3, 7, equal(7))).toBe(true);
    expect(meets(3, 7, equal(8))).toBe(false);
    expect(meets('a', 'z', any)).toBe(true);
    expect(meets('a', 'z', never)).toBe(false);
  });

  it('a key is in a range only when it is a valid key', () => {
    expect(inRange(5, range(5, 9))).toBe(true);
    expect(inRange(5, range(5, 9, true))).toBe(false);
    expect(inRange(undefined, any)).toBe(false);
    expect(inRange(null, any)).toBe(false);
    expect(inRange(Number.NaN, any)).toBe(false);
    expect(inRange({}, any)).toBe(false);
    expect(inRange('k', closedRange('k', 'k'))).toBe(true);
  });

  it('valid keys: strings, numbers, dates, binary and arrays of them', () => {
    expect(validKey('')).toBe(true);
    expect(validKey(0)).toBe(true);
    expect(validKey(new Date(0))).toBe(true);
    expect(validKey(new Date(Number.NaN))).toBe(false);
    expect(validKey(new Uint8Array(2))).toBe(true);
    expect(validKey(new ArrayBuffer(2))).toBe(true);
    expect(validKey([1, 'a', [new Date(0)]])).toBe(true);
    expect(validKey([1, undefined])).toBe(false);
    expect(validKey(true)).toBe(false);
  });

  it('a prefix range holds the keys that start with the prefix', () => {
    const k = prefixRange('k:');
    expect(inRange('k:000000000001', k)).toBe(true);
    expect(inRange('k:', k)).toBe(true);
    expect(inRange('r:000000000001', k)).toBe(false);
    expect(inRange('gen', k)).toBe(false);
  });
});
