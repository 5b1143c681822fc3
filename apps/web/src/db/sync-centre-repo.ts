/**
 * Reads for the sync centre (pending outbox rows, failed items, open conflicts) and the
 * "clear all data" action of the settings page. The UI reads these through useLiveQuery so the
 * lists follow the engine as it works.
 */

import type { SyncStats } from '@bh/shared';
import { getSyncStats } from '../sync/stats.ts';
import type { ConflictRecord, FailedSyncItem, PWADatabase, SyncQueueItem } from './database.ts';
import { db as defaultDb } from './database.ts';
import { openData, openRecord } from './sealing.ts';

/** At most this many rows are listed; the statistics still count all of them. */
const SYNC_CENTRE_LIST_LIMIT = 200;

/** An outbox row with its data opened (db/sealing.ts): the sync centre shows the fields. */
async function openRow(database: PWADatabase, row: SyncQueueItem): Promise<SyncQueueItem> {
  return { ...row, data: await openData(database, row.table, row.recordId, row.data ?? null) };
}

export async function listPendingItems(database: PWADatabase = defaultDb): Promise<SyncQueueItem[]> {
  const rows = await database.syncQueue.orderBy(':id').limit(SYNC_CENTRE_LIST_LIMIT).toArray();
  return Promise.all(rows.map((row) => openRow(database, row)));
}

export async function listFailedItems(database: PWADatabase = defaultDb): Promise<FailedSyncItem[]> {
  const items = await database.failedSyncItems
    .orderBy('timestamp')
    .reverse()
    .limit(SYNC_CENTRE_LIST_LIMIT)
    .toArray();
  return Promise.all(
    items.map(async (item) => ({
      ...item,
      originalSyncItem: await openRow(database, item.originalSyncItem),
    })),
  );
}

/** One side of a conflict, opened. */
function openSide(database: PWADatabase, table: ConflictRecord['table'], side: ConflictRecord['localData']) {
  return side && typeof side.id === 'string' ? openRecord(database, table, { ...side, id: side.id }) : side;
}

/** The spec's four sync statistics. */
export function readSyncStats(database: PWADatabase = defaultDb): Promise<SyncStats> {
  return getSyncStats(database);
}

/** A conflict as read back from the database: it always carries its key. */
export type StoredConflict = ConflictRecord & { id: number };

export async function listOpenConflicts(database: PWADatabase = defaultDb): Promise<StoredConflict[]> {
  const rows = await database.conflicts.where('resolved').equals(0).limit(SYNC_CENTRE_LIST_LIMIT).toArray();
  const open = rows
    .filter((c): c is StoredConflict => c.id !== undefined)
    .sort((a, b) => a.timestamp - b.timestamp);
  return Promise.all(
    open.map(async (c) => ({
      ...c,
      localData: await openSide(database, c.table, c.localData),
      serverData: await openSide(database, c.table, c.serverData),
    })),
  );
}

export function countPendingItems(database: PWADatabase = defaultDb): Promise<number> {
  return database.syncQueue.count();
}

/** True once the local database opened (the app status' dbInitialized). */
export async function checkDatabase(database: PWADatabase = defaultDb): Promise<boolean> {
  try {
    await database.open();
    return true;
  } catch (err) {
    console.error('local database failed to open', err);
    return false;
  }
}
