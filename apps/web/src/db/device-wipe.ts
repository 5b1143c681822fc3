/**
 * What a logout decides on (docs/decisions/016-encryption-at-rest.md): how many changes this device
 * has not sent (outbox rows, failed items, open conflicts), and the wipe when there are none: the
 * app's database and its caches go. The service worker's precache (the app's own code, no one's
 * data) stays, so the app still opens offline; the server's Clear-Site-Data may take it too.
 */
import { db as defaultDb, type PWADatabase } from './database.ts';

export async function unsentChanges(database: PWADatabase = defaultDb): Promise<number> {
  const [queued, failed, conflicts] = await Promise.all([
    database.syncQueue.count(),
    database.failedSyncItems.count(),
    database.conflicts.where('resolved').equals(0).count(),
  ]);
  return queued + failed + conflicts;
}

/**
 * Deletes the app's database and every cache but the precache. After a logout the caller reloads
 * the page; before another officer's sign-in the database opens again, empty (`reopen`).
 */
export async function wipeDevice(
  opts: { reopen?: boolean } = {},
  database: PWADatabase = defaultDb,
): Promise<void> {
  database.close();
  await database.delete();
  if (opts.reopen) await database.open();
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (!name.includes('precache')) await caches.delete(name);
}
