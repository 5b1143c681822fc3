/**
 * State of the installed app, as the app-management panel shows it.
 */
import type { z } from 'zod';
import { flag, intBetween, isoDateTime, oneOf, plainShape } from './common.ts';

export const APP_SYNC_STATUSES = ['idle', 'syncing', 'error'] as const;
export type AppSyncStatus = (typeof APP_SYNC_STATUSES)[number];

export const appStatusSchema = plainShape({
  isOnline: flag(),
  isInstalled: flag(),
  canInstall: flag(),
  syncStatus: oneOf(APP_SYNC_STATUSES),
  lastSyncTime: isoDateTime().nullable(),
  pendingSyncCount: intBetween(0, Number.MAX_SAFE_INTEGER),
  updateAvailable: flag(),
  dbInitialized: flag(),
});
export type AppStatus = z.infer<typeof appStatusSchema>;

/**
 * The status at start-up, before anything is known but the connection.
 * @internal Exported for its tests only (knip --production).
 */
export function initialAppStatus(isOnline: boolean): AppStatus {
  return {
    isOnline,
    isInstalled: false,
    canInstall: false,
    syncStatus: 'idle',
    lastSyncTime: null,
    pendingSyncCount: 0,
    updateAvailable: false,
    dbInitialized: false,
  };
}
