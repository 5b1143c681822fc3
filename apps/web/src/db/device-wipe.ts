/**
 * Wiping the device (issue 33, docs/decisions/015-revoked-devices.md): what the app keeps in this
 * browser goes, but the language and the theme. The app's IndexedDB databases (the records, the
 * outbox, the service worker's preferences), the caches (the app shell and the images), the
 * service worker itself (its next load installs it afresh), local and session storage (the
 * session, the offline sign-in verifier, the device id: the app signs in as a new device after).
 * Used when the server says the device was revoked (features/auth/device-revoked.ts); logout
 * may call it too once it wipes instead of keeping.
 *
 * Nothing is sent first: a revoked device's requests are refused, so what it still holds is
 * counted (for the officer to see what was lost) and deleted.
 */
import { KEPT_PREFERENCES } from '../lib/storage.ts';
import { db as defaultDb, type PWADatabase } from './database.ts';

/** What a wipe keeps of local storage: the person's language and theme, nothing of their work. */
const KEPT_KEYS: ReadonlySet<string> = new Set(KEPT_PREFERENCES);
/** The databases the app opens, for browsers without indexedDB.databases(). */
const KNOWN_DATABASES = ['PWADatabase', 'bh-sw'];
/** A deletion another connection blocks is left to finish on its own after this long. */
const BLOCKED_WAIT_MS = 3_000;

export interface WipeOutcome {
  /** Changes made on this device that never reached the server (the outbox), now deleted. */
  lostChanges: number;
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    const timer = setTimeout(resolve, BLOCKED_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    request.onsuccess = done;
    request.onerror = done;
  });
}

async function databaseNames(own: string): Promise<string[]> {
  const names = new Set([own, ...KNOWN_DATABASES]);
  if (typeof indexedDB.databases === 'function') {
    const listed = await indexedDB.databases().catch(() => []);
    for (const { name } of listed) if (name) names.add(name);
  }
  return [...names];
}

async function clearCaches() {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

async function unregisterWorkers() {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
}

function clearStorage() {
  try {
    for (const key of Object.keys(localStorage)) if (!KEPT_KEYS.has(key)) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // storage blocked: nothing of it to clear
  }
}

/** Deletes what the app keeps on this device; says how many unsent changes went with it. */
export async function wipeDevice(database: PWADatabase = defaultDb): Promise<WipeOutcome> {
  const lostChanges = await database.syncQueue.count().catch(() => 0);
  // Closed first: an open connection of this page would block its own deletion.
  database.close();
  clearStorage();
  const names = await databaseNames(database.name);
  await Promise.allSettled([...names.map(deleteDatabase), clearCaches(), unregisterWorkers()]);
  return { lostChanges };
}

/**
 * Changes this device has not sent (outbox rows, failed items, open conflicts): a logout with any
 * locks instead of wiping (docs/decisions/016-encryption-at-rest.md).
 */
export async function unsentChanges(database: PWADatabase = defaultDb): Promise<number> {
  const [queued, failed, conflicts] = await Promise.all([
    database.syncQueue.count(),
    database.failedSyncItems.count(),
    database.conflicts.where('resolved').equals(0).count(),
  ]);
  return queued + failed + conflicts;
}

/** Before another officer's sign-in: the previous one's data goes, the database opens again empty. */
export async function wipeForAnotherOfficer(database: PWADatabase = defaultDb): Promise<void> {
  await wipeDevice(database);
  await database.open();
}
