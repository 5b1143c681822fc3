/** Live lists and statistics of the sync centre, plus a clock for ages and next attempts. */
import type { SyncStats } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { FailedSyncItem, SyncQueueItem } from '../../db/database.ts';
import {
  listFailedItems,
  listOpenConflicts,
  listPendingItems,
  readSyncStats,
  type StoredConflict,
} from '../../db/sync-centre-repo.ts';

const EMPTY_STATS: SyncStats = { pendingSync: 0, failedItems: 0, unresolvedConflicts: 0, totalTravelers: 0 };

export interface SyncCentreData {
  pending: SyncQueueItem[];
  failed: FailedSyncItem[];
  conflicts: StoredConflict[];
  stats: SyncStats;
  loaded: boolean;
}

export function useSyncCentreData(): SyncCentreData {
  const pending = useLiveQuery(() => listPendingItems(), []);
  const failed = useLiveQuery(() => listFailedItems(), []);
  const conflicts = useLiveQuery(() => listOpenConflicts(), []);
  const stats = useLiveQuery(() => readSyncStats(), []);
  return {
    pending: pending ?? [],
    failed: failed ?? [],
    conflicts: conflicts ?? [],
    stats: stats ?? EMPTY_STATS,
    loaded: pending !== undefined && failed !== undefined && conflicts !== undefined,
  };
}

/** The current time, refreshed every `everyMs` so relative times move on. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
