/**
 * The acknowledgement journal: what the server acknowledged, written as one row per pushed batch
 * instead of one record write per acknowledged record, and folded into the records afterwards.
 *
 * Why: acknowledging a plain create or update means setting the record's server version and
 * marking it synced, one IndexedDB put per record. Chromium charges each put whatever its size,
 * while one row holding a whole batch's ids and versions costs far less than a put per record.
 * Written per record, the acknowledgements ran on the device's CPU while the server applied the
 * next pushes (two cores shared by browser and server) and bounded the whole sync run
 * (docs/decisions/009-acknowledgement-journal.md). With the journal, the outbox
 * rows leave and the journal row is added in the same transaction (so exactly-once holds as
 * before), and the records are brought up to date by `foldJournal` once the run has ended.
 *
 * The invariant that keeps it right: a record listed in the journal has no outbox row, failed
 * item or open conflict (the randomised sync test checks it after every step). Every path that
 * reads a record's `version` or `syncStatus` to decide something reads it with
 * `readForDecision`, which folds the record's entries first, in the caller's transaction: local
 * writes and undo (outbox.ts), the pull (pull.ts), conflict and failed-item resolutions
 * (resolutions.ts), refetches (refetch.ts); the repair after a server restore folds everything
 * first. Only what the officer sees (the sync badge of a
 * record, its timeline's first entry) may show "pending" until the fold, a second or two after
 * the run.
 */
import { reportBulkWrites } from '../db/bulk-writes.ts';
import type { LocalRecord, NewAckJournalRow, PWADatabase, SyncTable } from '../db/database.ts';
import { recordStores, storeFor } from '../db/database.ts';

/** Records one batch's plain acknowledgements. Inside the acknowledgement's transaction. */
export async function journalAcks(
  database: PWADatabase,
  table: SyncTable,
  ids: string[],
  versions: number[],
) {
  if (ids.length > 0) await database.ackJournal.add({ table, ids, versions });
}

/** The record as the acknowledgement leaves it: the newer version, synced unless queued again. */
function folded(local: LocalRecord, version: number, queued: boolean, now: number): LocalRecord {
  return {
    ...local,
    version: Math.max(Number(local.version), version),
    ...(local.syncStatus === 'pending' && !queued ? { syncStatus: 'synced' as const } : {}),
    lastModified: now,
  };
}

/**
 * Which of these records have an outbox row. Usually the outbox is empty when the journal is
 * folded (one count request); a small outbox is read whole, a large one by index look-ups.
 */
async function queuedIds(database: PWADatabase, table: SyncTable, ids: readonly string[]) {
  const queued = await database.syncQueue.count();
  if (queued === 0) return new Set<string>();
  const rows =
    queued <= 2 * ids.length
      ? await database.syncQueue.toArray()
      : await database.syncQueue
          .where('recordId')
          .anyOf([...ids])
          .toArray();
  return new Set(rows.filter((r) => r.table === table).map((r) => r.recordId));
}

/** Writes the folded records; returns what was written. */
async function foldInto(
  database: PWADatabase,
  table: SyncTable,
  entries: ReadonlyMap<string, number>,
  now: number,
): Promise<LocalRecord[]> {
  const ids = [...entries.keys()];
  const store = storeFor(database, table);
  const [locals, queued] = await Promise.all([store.bulkGet(ids), queuedIds(database, table, ids)]);
  const puts: LocalRecord[] = [];
  locals.forEach((local, i) => {
    const id = ids[i];
    if (!local || id === undefined) return; // purged or never stored: nothing to bring up to date
    puts.push(folded(local, entries.get(id) ?? 0, queued.has(id), now));
  });
  await store.bulkPut(puts);
  return puts;
}

/**
 * Folds the journal entries of these records now, inside the caller's transaction (which must
 * cover ackJournal, syncQueue and the table's store). A no-op when the journal is empty (one
 * count request). Returns the records it wrote, for the caller to report after its commit.
 */
async function foldJournaledIds(
  database: PWADatabase,
  table: SyncTable,
  ids: readonly string[],
  now = Date.now(),
): Promise<LocalRecord[]> {
  if (ids.length === 0 || (await database.ackJournal.count()) === 0) return [];
  const wanted = new Set(ids);
  const entries = new Map<string, number>();
  for (const row of await database.ackJournal.toArray()) {
    if (row.table !== table || !row.ids.some((id) => wanted.has(id))) continue;
    const keep: NewAckJournalRow = { table, ids: [], versions: [] };
    row.ids.forEach((id, i) => {
      const version = row.versions[i] ?? 0;
      if (wanted.has(id)) entries.set(id, Math.max(entries.get(id) ?? 0, version));
      else {
        keep.ids.push(id);
        keep.versions.push(version);
      }
    });
    if (keep.ids.length === 0) await database.ackJournal.delete(row.id);
    else await database.ackJournal.update(row.id, { ids: keep.ids, versions: keep.versions });
  }
  if (entries.size === 0) return [];
  return foldInto(database, table, entries, now);
}

/** Records read for a decision: as stored once folded (undefined where none), and what the fold wrote. */
export interface DecisionRead {
  /** In the order of the ids asked for. */
  records: (LocalRecord | undefined)[];
  /** The records the fold wrote (the caller reports them after its commit, db/bulk-writes.ts). */
  folded: LocalRecord[];
}

/**
 * The journal's rule: every path that decides something on records' `version` or `syncStatus`
 * (a local write, the pull, a conflict resolution or retry, a refetch, an undo) reads them here,
 * which folds their journal entries into them first and then reads them, so it never meets a
 * record acknowledged by the server but still shown at its older version, pending. Inside the
 * caller's transaction, which must cover ackJournal, syncQueue and the table's store.
 */
export async function readForDecision(
  database: PWADatabase,
  table: SyncTable,
  ids: readonly string[],
  now = Date.now(),
): Promise<DecisionRead> {
  const folded = await foldJournaledIds(database, table, ids, now);
  const records = ids.length === 0 ? [] : await storeFor(database, table).bulkGet([...ids]);
  return { records, folded };
}

/**
 * Records folded per transaction. A fold transaction holds the records' stores (and the outbox),
 * so the list's reads and the officer's saves wait for it: a whole pushed batch held them too
 * long (docs/decisions/009-acknowledgement-journal.md).
 */
const FOLD_SLICE = 250;

/**
 * Folds the whole journal into the records, oldest row first, FOLD_SLICE records per
 * transaction, so the officer's own writes and the pull are never held up for long. Safe to run
 * in several tabs at once (each transaction takes the entries it finds) and to interrupt (entries
 * leave the journal in the transaction that folds them).
 */
export async function foldJournal(database: PWADatabase): Promise<number> {
  let count = 0;
  for (;;) {
    const done = await database.transaction(
      'rw',
      [database.ackJournal, database.syncQueue, ...recordStores(database)],
      async () => {
        const row = await database.ackJournal.orderBy(':id').first();
        if (!row) return null;
        const entries = new Map<string, number>();
        const slice = row.ids.slice(0, FOLD_SLICE);
        slice.forEach((id, i) => {
          entries.set(id, Math.max(entries.get(id) ?? 0, row.versions[i] ?? 0));
        });
        const now = Date.now();
        const puts = await foldInto(database, row.table, entries, now);
        if (row.ids.length <= FOLD_SLICE) await database.ackJournal.delete(row.id);
        else
          await database.ackJournal.update(row.id, {
            ids: row.ids.slice(FOLD_SLICE),
            versions: row.versions.slice(FOLD_SLICE),
          });
        return { table: row.table, puts, now };
      },
    );
    if (!done) return count;
    count += done.puts.length;
    reportBulkWrites(database, [{ table: done.table, records: done.puts, at: done.now }]);
  }
}
