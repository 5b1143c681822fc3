/**
 * Reads for the sync centre (pending outbox rows, failed items, open conflicts) and the
 * "clear all data" action of the settings page. The UI reads these through useLiveQuery so the
 * lists follow the engine as it works.
 */

import type { SyncStats } from '@bh/shared';
import { getSyncStats } from '../sync/stats.ts';
import type { ConflictRecord, FailedSyncItem, PWADatabase, SyncQueueItem } from './database.ts';
import { db as defaultDb } from './database.ts';

/** At most this many rows are listed; the statistics still count all of them. */
const SYNC_CENTRE_LIST_LIMIT = 200;

export function listPendingItems(database: PWADatabase = defaultDb): Promise<SyncQueueItem[]> {
  return database.syncQueue.orderBy(':id').limit(SYNC_CENTRE_LIST_LIMIT).toArray();
}

export function listFailedItems(database: PWADatabase = defaultDb): Promise<FailedSyncItem[]> {
  return database.failedSyncItems.orderBy('timestamp').reverse().limit(SYNC_CENTRE_LIST_LIMIT).toArray();
}

/** The spec's four sync statistics. */
export function readSyncStats(database: PWADatabase = defaultDb): Promise<SyncStats> {
  return getSyncStats(database);
}

/** A conflict as read back from the database: it always carries its key. */
export type StoredConflict = ConflictRecord & { id: number };

export function listOpenConflicts(database: PWADatabase = defaultDb): Promise<StoredConflict[]> {
  return database.conflicts
    .where('resolved')
    .equals(0)
    .limit(SYNC_CENTRE_LIST_LIMIT)
    .toArray()
    .then((rows) =>
      rows.filter((c): c is StoredConflict => c.id !== undefined).sort((a, b) => a.timestamp - b.timestamp),
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
