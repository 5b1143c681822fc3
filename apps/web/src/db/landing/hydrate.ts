/**
 * Hydration: after the run, the landed rows move into their stores in the background, one row
 * per transaction.
 */
import type { Dexie, Table } from 'dexie';
import { landingOf } from './middleware.ts';
import { bump, landingTable, readRows, rowKey, sync } from './rows.ts';
import { co, currentTrans, type Step, wait } from './zone.ts';

/** The local database (database.ts's PWADatabase, named by its shape: that module installs this one). */
type PWADatabase = Dexie & { travelers: Table };

/**
 * How many records are landed and not yet in their stores.
 * @internal Exported for the tests and the sync bench only (knip --production).
 */
export function landedCount(database: PWADatabase): Promise<number> {
  return database.transaction('r', database.travelers, () =>
    co(
      (function* (): Step<number> {
        const known = yield* sync(landingOf(database), currentTrans());
        let count = 0;
        for (const where of known.where.values()) count += where.size;
        return count;
      })(),
    ),
  );
}

/**
 * Moves the oldest landed row into its store, in one transaction; false when none is left. Written
 * under Dexie's own middlewares: the records were already visible as they are, so no reader (the
 * traveller index, live queries, other tabs) has anything to learn from the move.
 */
function hydrateOne(database: PWADatabase): Promise<boolean> {
  const l = landingOf(database);
  return database.transaction('rw', landedStores(database), () =>
    co(
      (function* (): Step<boolean> {
        const trans = currentTrans();
        const known = yield* sync(l, trans);
        const first = [...known.rows.keys()].sort((a, b) => a - b)[0];
        const info = first === undefined ? undefined : known.rows.get(first);
        if (first === undefined || !info) return false;
        const [row] = yield* readRows(l, trans, [first]);
        // Out of the landing first (its records are then no longer landed), then into the store.
        const where = known.where.get(info.store);
        for (const id of info.ids) if (where?.get(id) === first) where.delete(id);
        known.rows.delete(first);
        yield* wait(
          landingTable(l).mutate({ trans, type: 'delete', keys: [rowKey('r', first), rowKey('k', first)] }),
        );
        yield* bump(l, trans);
        const records = row?.records ?? [];
        if (records.length > 0)
          yield* wait(l.down.table(info.store).mutate({ trans, type: 'put', values: records }));
        return known.rows.size > 0;
      })(),
    ),
  );
}

/** The Dexie tables of the landed stores. */
function landedStores(database: PWADatabase) {
  const l = landingOf(database);
  return database.tables.filter((t) => l.stores.has(t.name));
}

/**
 * Moves every landed record into its store, a row per transaction (the officer's own reads and
 * writes wait for one row at most). Safe in several tabs at once and to interrupt.
 */
export async function hydrateLanding(database: PWADatabase): Promise<void> {
  while (await hydrateOne(database)) {
    // Let the officer's work in between.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
