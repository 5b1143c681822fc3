/**
 * A server that went back in time (new database epoch, or its highest change below our cursor)
 * lacks records this device already saw acknowledged. Queue them again as creates: records the
 * server still has come back as a "conflict" with identical data and count as applied; the
 * rest are written again. Which tables: the registry's RESENT_AFTER_RESTORE (every record an
 * officer's device creates, in the protocol's order, so a traveller goes before its declaration,
 * timeline and check-ins).
 */
import { type NewSyncQueueItem, pickWritableFields, RESENT_AFTER_RESTORE } from '@bh/shared';
import type { PWADatabase } from '../db/database.ts';
import { storeFor } from '../db/database.ts';
import { isEnvelope } from '../db/sealing.ts';
import { foldJournal } from './ack-journal.ts';

export async function repairServer(database: PWADatabase): Promise<number> {
  // Acknowledged records still in the journal look pending: fold them, or they would be missed.
  await foldJournal(database);
  let count = 0;
  for (const table of RESENT_AFTER_RESTORE) {
    const store = storeFor(database, table);
    await database.transaction('rw', [store, database.syncQueue], async () => {
      // A scan, not an index: this runs once after a server restore, while a syncStatus index
      // cost every pulled record one more write (database.ts, version 4).
      const records = await store.filter((r) => r.syncStatus === 'synced' && !r.deletedAt).toArray();
      const now = Date.now();
      const rows: NewSyncQueueItem[] = records.map((r) => ({
        operation: 'create',
        table,
        recordId: r.id,
        // A sealed record's private fields go in its envelope (db/sealing.ts), opened as sent.
        data: isEnvelope(r.sealed)
          ? { ...pickWritableFields(table, r), sealed: r.sealed }
          : pickWritableFields(table, r),
        baseVersion: null,
        timestamp: now,
        retryCount: 0,
        nextAttemptAt: now,
        blocked: 0,
      }));
      await database.syncQueue.bulkAdd(rows);
      await store.bulkUpdate(
        records.map((r) => ({ key: r.id, changes: { syncStatus: 'pending' as const, lastModified: now } })),
      );
      count += rows.length;
    });
  }
  return count;
}
