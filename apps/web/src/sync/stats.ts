import type { SyncStats } from '@bh/shared';
import type { PWADatabase } from '../db/database.ts';

/** The sync statistics of docs/spec.md §3, straight from the local database. */
export async function getSyncStats(database: PWADatabase): Promise<SyncStats> {
  const [pendingSync, failedItems, unresolvedConflicts, totalTravelers] = await Promise.all([
    database.syncQueue.count(),
    database.failedSyncItems.count(),
    database.conflicts.where('resolved').equals(0).count(),
    database.travelers.filter((t) => !t.deletedAt).count(),
  ]);
  return { pendingSync, failedItems, unresolvedConflicts, totalTravelers };
}
