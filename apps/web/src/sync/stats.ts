import type { PWADatabase } from '../db/database.ts';

export interface SyncStats {
  pendingSync: number;
  failedItems: number;
  unresolvedConflicts: number;
  totalTravelers: number;
}

/** The spec's sync statistics, straight from the local database. */
export async function getSyncStats(database: PWADatabase): Promise<SyncStats> {
  const [pendingSync, failedItems, unresolvedConflicts, totalTravelers] = await Promise.all([
    database.syncQueue.count(),
    database.failedSyncItems.count(),
    database.conflicts.where('resolved').equals(0).count(),
    database.travelers.filter((t) => !t.deletedAt).count(),
  ]);
  return { pendingSync, failedItems, unresolvedConflicts, totalTravelers };
}
