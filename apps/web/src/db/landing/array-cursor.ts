/**
 * Items already read (stored and landed records together), in index order, and a DBCore cursor
 * over them: what the landing middleware answers a query or a cursor with while records are landed.
 */
import Dexie, { cmp, type DBCoreCursor, type DBCoreTransaction } from 'dexie';

export interface Item<V = unknown> {
  key: unknown;
  primaryKey: unknown;
  value: V | undefined;
}

/**
 * `items` in index order then primary key order (descending when `reverse`), at most `limit`.
 * Sorts `items` in place.
 */
export function orderItems<V>(items: Item<V>[], reverse: boolean, limit?: number): Item<V>[] {
  items.sort((a, b) => cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey));
  if (reverse) items.reverse();
  return limit !== undefined && limit < items.length ? items.slice(0, limit) : items;
}

/** A DBCore cursor over items already read (see Dexie's IndexedDB cursor for the contract). */
export function arrayCursor(trans: DBCoreTransaction, items: Item[], reverse: boolean): DBCoreCursor | null {
  if (items.length === 0) return null;
  let at = 0;
  let onNext: (() => void) | null = null;
  let finish: ((value?: unknown) => void) | null = null;
  let failWith: ((error: Error) => void) | null = null;
  let stopped = false;
  const before = (a: Item | undefined, key: unknown, primaryKey?: unknown) => {
    if (!a) return false;
    const c = cmp(a.key, key) * (reverse ? -1 : 1);
    if (c !== 0 || primaryKey === undefined) return c < 0;
    return cmp(a.primaryKey, primaryKey) * (reverse ? -1 : 1) < 0;
  };
  const step = () =>
    queueMicrotask(() => {
      if (stopped) return;
      if (at >= items.length) {
        cursor.done = true;
        stopped = true;
        finish?.();
        return;
      }
      try {
        onNext?.();
      } catch (error) {
        failWith?.(error instanceof Error ? error : new Error(String(error)));
      }
    });
  const current = () => items[Math.min(at, items.length - 1)];
  const cursor: DBCoreCursor & { done: boolean } = {
    trans,
    get key() {
      return current()?.key;
    },
    get primaryKey() {
      return current()?.primaryKey;
    },
    get value() {
      return current()?.value;
    },
    done: false,
    continue(key?: unknown) {
      at++;
      if (key !== undefined) while (at < items.length && before(items[at], key)) at++;
      step();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      at++;
      while (at < items.length && before(items[at], key, primaryKey)) at++;
      step();
    },
    advance(count: number) {
      at += count;
      step();
    },
    start(callback: () => void) {
      onNext = callback;
      const iteration = new Dexie.Promise<unknown>((resolve, reject) => {
        finish = resolve;
        failWith = reject;
      });
      step();
      return iteration;
    },
    stop(value?: unknown) {
      stopped = true;
      finish?.(value);
    },
    next() {
      let first = true;
      return this.start(() => {
        if (!first) return this.stop();
        first = false;
        this.continue();
      }).then(() => this);
    },
    fail(error: Error) {
      stopped = true;
      failWith?.(error);
    },
  };
  return cursor;
}
