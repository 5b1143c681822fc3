/**
 * Automatic cleanup (autoCleanup + cacheCleanupFrequency): when a cleanup is due, synced records
 * older than dataRetentionDays leave this device (db/retention-repo.ts; records with pending
 * work always stay). Checked at start-up and every hour; the last run is kept in local storage.
 */
import type { CacheCleanupFrequency, PwaSettings } from '@bh/shared';
import { db } from '../../db/database.ts';
import { purgeSyncedRecordsOlderThan } from '../../db/retention-repo.ts';
import { storage } from '../../lib/storage.ts';

const DAY_MS = 86_400_000;
const CHECK_MS = 3_600_000;
export const LAST_CLEANUP_KEY = 'pwa-last-cleanup';

const EVERY_DAYS: Record<CacheCleanupFrequency, number | null> = {
  daily: 1,
  weekly: 7,
  monthly: 30,
  never: null,
};

/** Runs the cleanup when due; how many records went, or null when none was due. */
export async function runCleanupIfDue(settings: PwaSettings, now = Date.now()) {
  const every = EVERY_DAYS[settings.cacheCleanupFrequency];
  if (!settings.autoCleanup || every === null) return null;
  const last = Number(storage.get(LAST_CLEANUP_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < every * DAY_MS) return null;
  const removed = await purgeSyncedRecordsOlderThan(db, settings.dataRetentionDays, now);
  storage.set(LAST_CLEANUP_KEY, String(now));
  return removed;
}

export function startCleanupSchedule(settings: () => PwaSettings) {
  const check = () =>
    void runCleanupIfDue(settings()).catch((err: unknown) => console.error('cleanup failed', err));
  check();
  setInterval(check, CHECK_MS);
}
