import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isValidRecordId } from '../sync/protocol.ts';
import { newRecordId } from './record-id.ts';

describe('newRecordId', () => {
  it('makes version 7 UUIDs that every id check accepts', () => {
    for (let i = 0; i < 100; i++) {
      const id = newRecordId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isValidRecordId('travelers', id)).toBe(true);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
  });

  it('carries the creation time in its first 48 bits', () => {
    // Ahead of every id made before in this test file (ids never go back in time).
    const at = Date.now() + 86_400_000;
    const id = newRecordId(at);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts in the order the ids were made, within a millisecond too', () => {
    const at = Date.now() + 2 * 86_400_000;
    const ids = Array.from({ length: 10_000 }, (_, i) => newRecordId(at + Math.floor(i / 3000)));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stays ordered when the clock steps back', () => {
    const at = Date.now() + 3 * 86_400_000;
    const first = newRecordId(at);
    const second = newRecordId(at - 60_000);
    expect(second > first).toBe(true);
  });
});
