/**
 * Bulk writes told to this tab's readers as they commit, records included: the traveller index
 * takes a pulled page from here instead of reading it back from IndexedDB (Dexie reports a write
 * of 50 rows or more only as "the whole table changed"). A fresh device's pull with the index
 * following it re-read each page's records for seconds after it was written, making the pull
 * several times slower (docs/decisions/010-landing-fresh-pull.md).
 * Other tabs still learn of the write from Dexie's storagemutated event.
 *
 * A writer with more of the same run to come (a pull with pages left) says so: the index then
 * leaves its checks of "the whole table changed" for the end of the run. Checking after each
 * page cost the browser process seconds of CPU over a fresh device's pull.
 */
import type { LocalRecord, PWADatabase, SyncTable } from './database.ts';

/** `records` were written (committed) to `table`, each with lastModified `at`. */
export interface BulkWrite {
  table: SyncTable;
  records: readonly LocalRecord[];
  at: number;
}

/** One commit's bulk writes (maybe none); `more`: the writer's run goes on (more pages). */
export type BulkWriteListener = (writes: readonly BulkWrite[], more: boolean) => void;

const listeners = new WeakMap<PWADatabase, Set<BulkWriteListener>>();

/** Listens to the bulk writes reported for `database`; returns the unsubscribe function. */
export function onBulkWrite(database: PWADatabase, listener: BulkWriteListener): () => void {
  const set = listeners.get(database) ?? new Set();
  listeners.set(database, set);
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Reports a committed transaction's bulk writes (call it after the transaction resolved), and
 * whether more of the run is to come: a run's last report comes even when it wrote nothing.
 */
export function reportBulkWrites(database: PWADatabase, writes: readonly BulkWrite[], more = false) {
  const written = writes.filter((w) => w.records.length > 0);
  for (const listener of listeners.get(database) ?? []) listener(written, more);
}
