/**
 * Bulk writes told to this tab's readers as they commit, records included: the traveller index
 * takes a pulled page from here instead of reading it back from IndexedDB (Dexie reports a write
 * of 50 rows or more only as "the whole table changed"). A fresh device's pull with the index
 * following it re-read each page's records for seconds after it was written: 45.8 s for 100,000
 * travellers against 14.8 s without the index (bench/fresh-device-pull.bench.mjs, loaded machine).
 * Other tabs still learn of the write from Dexie's storagemutated event.
 */
import type { LocalRecord, PWADatabase, SyncTable } from './database.ts';

/** `records` were written (committed) to `table`, each with lastModified `lastModified`. */
export type BulkWriteListener = (
  table: SyncTable,
  records: readonly LocalRecord[],
  lastModified: number,
) => void;

const listeners = new WeakMap<PWADatabase, Set<BulkWriteListener>>();

/** Listens to the bulk writes reported for `database`; returns the unsubscribe function. */
export function onBulkWrite(database: PWADatabase, listener: BulkWriteListener): () => void {
  const set = listeners.get(database) ?? new Set();
  listeners.set(database, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Reports a committed bulk write (call it after the transaction resolved). */
export function reportBulkWrite(
  database: PWADatabase,
  table: SyncTable,
  records: readonly LocalRecord[],
  lastModified: number,
) {
  if (records.length === 0) return;
  for (const listener of listeners.get(database) ?? []) listener(table, records, lastModified);
}
