/**
 * Acknowledges rows the server applied, with a few bulk IndexedDB requests per batch instead of
 * several per row: the outbox rows go by key range, later rows of the same records are looked up
 * only where the push plan's scan saw some (or where rows were added since), shadows only when
 * any are kept, and the records' new versions go to the acknowledgement journal in one row
 * (ack-journal.ts). All of it runs inside the caller's transaction (applyPushResults).
 */
import type { PushResult } from '@bh/shared';
import type { LocalRecord, PWADatabase, SyncQueueItem, SyncTable } from '../db/database.ts';
import { storeFor } from '../db/database.ts';
import { journalAcks } from './ack-journal.ts';
import { recordKey, type ScanHint } from './push-plan.ts';
import { hasShadows, takeShadows } from './shadow.ts';

export type { ScanHint } from './push-plan.ts';

/** Consecutive outbox ids as [first, last] runs (ids are auto-increment, so nothing lies between). */
function idRuns(ids: number[]): [number, number][] {
  const sorted = [...ids].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const id of sorted) {
    const last = runs.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

/** Deletes outbox rows: one range delete per run of consecutive ids, single ids in one bulkDelete. */
async function deleteRows(database: PWADatabase, ids: number[]) {
  const singles: number[] = [];
  for (const [first, last] of idRuns(ids)) {
    if (first === last) singles.push(first);
    else await database.syncQueue.where(':id').between(first, last, true, true).delete();
  }
  if (singles.length > 0) await database.syncQueue.bulkDelete(singles);
}

/**
 * Records (table:recordId) that may still have outbox rows after the acknowledged ones: those
 * the scan saw with several rows, and those of rows added after the scan. Without a scan, all.
 */
async function mayHaveLater(database: PWADatabase, rows: SyncQueueItem[], hint: ScanHint | undefined) {
  if (!hint) return null;
  const maybe = new Set(hint.multi);
  const added = await database.syncQueue.where(':id').above(hint.scannedTo).toArray();
  for (const r of added) maybe.add(recordKey(r));
  return new Set(rows.filter((r) => maybe.has(recordKey(r))).map((r) => r.recordId));
}

/** The outbox rows still queued for these records of one table. */
async function laterRows(database: PWADatabase, table: string, recordIds: string[]) {
  // One exact-key lookup per record, issued together (anyOf walks the index one jump at a
  // time, which dominated large acknowledgements); rows are read only where some remain.
  const keys = await Promise.all(
    recordIds.map((id) => database.syncQueue.where('recordId').equals(id).primaryKeys()),
  );
  const ids = keys.flat();
  if (ids.length === 0) return [];
  return (await database.syncQueue.bulkGet(ids)).filter(
    (r): r is SyncQueueItem => r !== undefined && r.table === table,
  );
}

/**
 * Acknowledges applied rows: delete the rows, rebase the record's later rows on the new version,
 * and bring the record up to date: its new version, synced when nothing of it is left in the
 * outbox. A record with nothing left queued (the common case: a batch of creates) is only
 * journaled (ack-journal.ts: one row for the batch, folded into the records after the run);
 * records with later rows, or any batch while shadows are kept, are written here as before.
 */
export async function acknowledgeInBulk(
  database: PWADatabase,
  rows: SyncQueueItem[],
  bySeq: Map<number, PushResult>,
  hint?: ScanHint,
) {
  if (rows.length === 0) return;
  await deleteRows(
    database,
    rows.map((r) => r.id),
  );
  const maybeLater = await mayHaveLater(database, rows, hint);
  const shadowsKept = await hasShadows(database);
  const tables = new Set(rows.map((r) => r.table));
  for (const table of tables) {
    const mine = rows.filter((r) => r.table === table);
    const ids = mine.map((r) => r.recordId);
    const later = await laterRows(database, table, maybeLater ? ids.filter((id) => maybeLater.has(id)) : ids);
    const versionOf = new Map<string, number>();
    for (const r of mine) {
      const result = bySeq.get(r.id);
      if (result?.version !== undefined) versionOf.set(r.recordId, result.version);
    }
    const rebases = later.flatMap((r) => {
      const baseVersion = versionOf.get(r.recordId);
      return baseVersion === undefined ? [] : [{ key: r.id, changes: { baseVersion } }];
    });
    if (rebases.length > 0) await database.syncQueue.bulkUpdate(rebases);
    const stillQueued = new Set(later.map((r) => r.recordId));
    const journaled = shadowsKept ? [] : ids.filter((id) => !stillQueued.has(id) && versionOf.has(id));
    await journalAcks(
      database,
      table,
      journaled,
      journaled.map((id) => versionOf.get(id) ?? 0),
    );
    const skip = new Set(journaled);
    await writeAcknowledged(
      database,
      table,
      ids.filter((id) => !skip.has(id)),
      versionOf,
      stillQueued,
      shadowsKept,
    );
  }
}

/** Writes the acknowledgement into records now (those not journaled), shadows applied. */
async function writeAcknowledged(
  database: PWADatabase,
  table: SyncTable,
  ids: string[],
  versionOf: ReadonlyMap<string, number>,
  stillQueued: ReadonlySet<string>,
  shadowsKept: boolean,
) {
  if (ids.length === 0) return;
  const store = storeFor(database, table);
  const locals = await store.bulkGet(ids);
  const doneIds = ids.filter((id, i) => !stillQueued.has(id) && locals[i]?.syncStatus === 'pending');
  const shadows = new Map(doneIds.map((id, i) => [id, i] as const));
  const shadowRecords = shadowsKept ? await takeShadows(database, table, doneIds) : [];
  const now = Date.now();
  const puts: LocalRecord[] = [];
  locals.forEach((local) => {
    if (!local) return;
    const version = versionOf.get(local.id) ?? local.version;
    const synced = !stillQueued.has(local.id) && local.syncStatus === 'pending';
    const at = shadows.get(local.id);
    const shadow = synced && at !== undefined ? shadowRecords[at] : undefined;
    if (shadow && Number(shadow.version) > Number(version)) {
      // The server moved on while this record waited: take its newer state.
      puts.push({ ...local, ...shadow, syncStatus: 'synced', lastModified: now });
      return;
    }
    puts.push({
      ...local,
      version,
      lastModified: now,
      ...(synced ? { syncStatus: 'synced' as const } : {}),
    });
  });
  await store.bulkPut(puts);
}
