/**
 * What the user can do about a change the server did not take: resolve a conflict
 * (server_wins, client_wins, manual_merge) or retry a failed item. Each is one transaction;
 * a resolution that sends data again resubmits it on the server's current version, so a newer
 * server change conflicts again instead of being overwritten.
 */
import type { ConflictRecord, LocalRecord, PWADatabase } from '../db/database.ts';
import { db as defaultDb, storeFor, syncStores } from '../db/database.ts';
import { overSealed } from '../db/sealing.ts';
import { readForDecision } from './ack-journal.ts';
import { coalesceRecord } from './outbox.ts';
import { markForRefetch } from './refetch.ts';
import { takeShadows } from './shadow.ts';
import { requestSync } from './triggers.ts';

export type Resolution = NonNullable<ConflictRecord['resolution']>;

class SyncActionError extends Error {}

export async function resolveConflict(
  conflictId: number,
  resolution: Resolution,
  mergedData?: Record<string, unknown> | null,
  database: PWADatabase = defaultDb,
) {
  if (resolution === 'manual_merge' && (!mergedData || Object.keys(mergedData).length === 0)) {
    throw new SyncActionError('Merged data required for manual merge resolution');
  }
  // A manual merge is sealed before the transaction (sealed-updates.ts, loaded then).
  const merged =
    resolution === 'manual_merge'
      ? await import('./sealed-updates.ts').then((m) => m.sealMerge(database, conflictId, mergedData))
      : mergedData;
  await database.transaction('rw', syncStores(database), async () => {
    const conflict = await database.conflicts.get(conflictId);
    if (!conflict || conflict.resolved === 1)
      throw new SyncActionError('Conflict not found or already resolved');
    const store = storeFor(database, conflict.table);
    const server = conflict.serverData;
    const {
      records: [stored],
    } = await readForDecision(database, conflict.table, [conflict.recordId]);
    const local = stored ?? (conflict.localData as LocalRecord | null);
    if (resolution === 'server_wins') {
      await database.syncQueue
        .where('recordId')
        .equals(conflict.recordId)
        .filter((r) => r.table === conflict.table)
        .delete();
      const [shadow] = await takeShadows(database, conflict.table, [conflict.recordId]);
      const newest = shadow && Number(shadow.version) > Number(server?.version ?? 0) ? shadow : server;
      if (newest) {
        await store.put({ ...(newest as LocalRecord), syncStatus: 'synced', lastModified: Date.now() });
      } else {
        await store.delete(conflict.recordId);
      }
    } else {
      if (!local) throw new SyncActionError('Item cannot be retried');
      const record: LocalRecord =
        resolution === 'manual_merge'
          ? { ...overSealed(conflict.table, local, merged ?? {}), id: local.id }
          : { ...local };
      // The local copy now stands on the server's version of the record.
      record.version = server ? Number(server.version) : 0;
      await store.put({ ...record, syncStatus: 'pending', lastModified: Date.now() });
      await coalesceRecord(database, conflict.table, record, {
        baseVersion: server ? Number(server.version) : null,
        existsOnServer: Boolean(server),
      });
    }
    // Any other open conflict of the same record is settled by this decision too.
    await database.conflicts
      .where('recordId')
      .equals(conflict.recordId)
      .filter((c) => c.table === conflict.table && c.resolved === 0)
      .modify({ resolved: 1, resolution, resolvedAt: Date.now() });
  });
  requestSync('conflict-resolved');
}

/** Requeues a failed item (retryCount 0, new id), removes it from the failed items, syncs. */
export async function retryFailedItem(failedId: number, database: PWADatabase = defaultDb) {
  await database.transaction('rw', syncStores(database), async () => {
    const failed = await database.failedSyncItems.get(failedId);
    if (failed?.canRetry !== 1) throw new SyncActionError('Item cannot be retried');
    await requeue(
      database,
      failed.originalSyncItem.table,
      failed.originalSyncItem.recordId,
      failed.originalSyncItem,
    );
  });
  requestSync('retry-failed');
}

/** How long a retryable failed item stays listed before the engine tries it again by itself. */
export const AUTO_RETRY_AFTER_MS = 5 * 60_000;

/**
 * Requeues retryable failed items listed before `olderThan` (the engine calls this on each run
 * with now - AUTO_RETRY_AFTER_MS, so nothing retryable is left behind once the server is back).
 */
export async function retryAllRetryable(
  database: PWADatabase = defaultDb,
  olderThan = Number.POSITIVE_INFINITY,
): Promise<number> {
  let count = 0;
  await database.transaction('rw', syncStores(database), async () => {
    const items = await database.failedSyncItems
      .where('canRetry')
      .equals(1)
      .filter((f) => f.timestamp <= olderThan)
      .toArray();
    for (const f of items) {
      await requeue(database, f.originalSyncItem.table, f.originalSyncItem.recordId, f.originalSyncItem);
      count++;
    }
  });
  return count;
}

async function requeue(
  database: PWADatabase,
  table: ConflictRecord['table'],
  recordId: string,
  original: { operation: string; baseVersion: number | null },
) {
  const {
    records: [record],
  } = await readForDecision(database, table, [recordId]);
  if (!record) {
    await database.failedSyncItems.filter((f) => f.originalSyncItem.recordId === recordId).delete();
    return;
  }
  const existsOnServer = original.operation !== 'create' || record.version > 0;
  await coalesceRecord(database, table, record, {
    baseVersion:
      original.operation === 'create' ? record.version || null : (original.baseVersion ?? record.version),
    existsOnServer,
  });
}

/**
 * The officer gives up a change the server did not take: the failed item and the record's
 * waiting rows go, and the record returns to the server's state (the newest skipped server
 * version when one is kept, else re-read from the server on the next sync). A record that never
 * reached the server is removed.
 */
export async function discardFailedItem(failedId: number, database: PWADatabase = defaultDb) {
  await database.transaction('rw', syncStores(database), async () => {
    const failed = await database.failedSyncItems.get(failedId);
    if (!failed) return;
    const { table, recordId } = failed.originalSyncItem;
    await database.failedSyncItems
      .filter((f) => f.originalSyncItem.recordId === recordId && f.originalSyncItem.table === table)
      .delete();
    await database.syncQueue
      .where('recordId')
      .equals(recordId)
      .filter((r) => r.table === table)
      .delete();
    const store = storeFor(database, table);
    const {
      records: [local],
    } = await readForDecision(database, table, [recordId]);
    if (!local) return;
    const [shadow] = await takeShadows(database, table, [recordId]);
    if (shadow) {
      await store.put({ ...shadow, syncStatus: 'synced', lastModified: Date.now() });
    } else if (local.version === 0 && failed.errorType === 'validation_failed') {
      await store.delete(recordId);
    } else {
      await store.update(recordId, { syncStatus: 'synced', lastModified: Date.now() });
      await markForRefetch(database, table, recordId);
    }
  });
  requestSync('discard-failed');
}
