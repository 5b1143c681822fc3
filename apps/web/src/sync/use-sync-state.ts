/**
 * Sync state for the UI: the engine's status (from this tab or the syncing one), the outbox
 * count live from IndexedDB, the connection, and the force-sync action.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { db } from '../db/database.ts';
import type { EngineState } from './engine.ts';
import { engine, forceSync } from './runtime.ts';

type SyncStatus = 'idle' | 'syncing' | 'error';

export interface SyncState {
  status: SyncStatus;
  pendingCount: number;
  failedCount: number;
  conflictCount: number;
  lastSyncTime: number | null;
  lastError: string | null;
  paused: boolean;
  pullProgress: number | null;
  isOnline: boolean;
  forceSync: () => Promise<void>;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

const subscribeEngine = (listener: () => void) => engine.subscribe(listener);
const getEngine = (): EngineState => engine.getState();

export function useSyncState(): SyncState {
  const isOnline = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const s = useSyncExternalStore(subscribeEngine, getEngine, getEngine);
  const counts = useLiveQuery(
    async () => ({
      pending: await db.syncQueue.count(),
      failed: await db.failedSyncItems.count(),
      conflicts: await db.conflicts.where('resolved').equals(0).count(),
    }),
    [],
    { pending: 0, failed: 0, conflicts: 0 },
  );
  return {
    status: s.status,
    pendingCount: counts.pending,
    failedCount: counts.failed,
    conflictCount: counts.conflicts,
    lastSyncTime: s.lastSyncTime,
    lastError: s.lastError,
    paused: s.paused,
    pullProgress: s.pullProgress,
    isOnline,
    forceSync,
  };
}
