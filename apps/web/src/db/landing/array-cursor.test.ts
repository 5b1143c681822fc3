import type { DBCoreCursor, DBCoreTransaction } from 'dexie';
import { describe, expect, it } from 'vitest';
import { arrayCursor, type Item, orderItems } from './array-cursor.ts';

const item = (key: unknown, primaryKey: string): Item<string> => ({
  key,
  primaryKey,
  value: `v-${primaryKey}`,
});
const trans: DBCoreTransaction = { abort() {} };
const items = () => [item(2, 'b'), item(1, 'z'), item(2, 'a'), item(3, 'c')];

/** The primary keys a cursor walks through, moving on with `move` after each. */
async function walk(cursor: DBCoreCursor | null, move: (c: DBCoreCursor, seen: string[]) => void) {
  const seen: string[] = [];
  if (!cursor) return seen;
  await cursor.start(() => {
    seen.push(String(cursor.primaryKey));
    move(cursor, seen);
  });
  return seen;
}

describe('ordering items read', () => {
  it('by key, then primary key; reversed; at most a limit taken from the right end', () => {
    expect(orderItems(items(), false).map((i) => i.primaryKey)).toEqual(['z', 'a', 'b', 'c']);
    expect(orderItems(items(), true).map((i) => i.primaryKey)).toEqual(['c', 'b', 'a', 'z']);
    expect(orderItems(items(), true, 2).map((i) => i.primaryKey)).toEqual(['c', 'b']);
    expect(orderItems(items(), false, 9)).toHaveLength(4);
  });
});

describe('the cursor over items read', () => {
  it('is null over nothing', () => {
    expect(arrayCursor(trans, [], false)).toBeNull();
  });

  it('walks every item with continue, exposing key, primary key and value', async () => {
    const list = orderItems(items(), false);
    const cursor = arrayCursor(trans, list, false);
    const values: unknown[] = [];
    const seen = await walk(cursor, (c) => {
      values.push([c.key, c.value]);
      c.continue();
    });
    expect(seen).toEqual(['z', 'a', 'b', 'c']);
    expect(values[0]).toEqual([1, 'v-z']);
    expect(cursor?.done).toBe(true);
  });

  it('continue(key) and continuePrimaryKey skip ahead in the walking direction', async () => {
    const forward = orderItems(items(), false);
    expect(
      await walk(arrayCursor(trans, forward, false), (c, s) =>
        s.length === 1 ? c.continue(3) : c.continue(),
      ),
    ).toEqual(['z', 'c']);
    expect(
      await walk(arrayCursor(trans, forward, false), (c, s) =>
        s.length === 1 ? c.continuePrimaryKey(2, 'b') : c.continue(),
      ),
    ).toEqual(['z', 'b', 'c']);
    const backward = orderItems(items(), true);
    expect(
      await walk(arrayCursor(trans, backward, true), (c, s) =>
        s.length === 1 ? c.continue(1) : c.continue(),
      ),
    ).toEqual(['c', 'z']);
  });

  it('advance skips items; stop ends the walk with its value', async () => {
    const list = orderItems(items(), false);
    expect(await walk(arrayCursor(trans, list, false), (c) => c.advance(2))).toEqual(['z', 'b']);
    const cursor = arrayCursor(trans, list, false);
    const seen: string[] = [];
    const ended = await cursor?.start(() => {
      seen.push(String(cursor.primaryKey));
      cursor.stop('enough');
    });
    expect(seen).toEqual(['z']);
    expect(ended).toBe('enough');
  });

  it('a callback that throws fails the walk', async () => {
    const cursor = arrayCursor(trans, orderItems(items(), false), false);
    await expect(
      cursor?.start(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
