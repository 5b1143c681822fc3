/**
 * The files' sweep (issue 33; docs/decisions/017-retention-and-rights.md, "Files on the device"):
 * a document the device keeps (store `fileBlobs`, files-repo.ts) goes once no live local record
 * refers to it: its traveller was anonymised or erased (the pulled declaration no longer names
 * it), deleted, transferred away or dropped with a change of scope, or its declaration now names
 * another file.
 *
 * The rule, in one transaction, with no crypto (file ids are in clear, decision 016):
 * - only uploaded files are candidates: a pending upload is never removed here (files-repo.ts
 *   `discardFileBlob` is the form's own way to drop an unsent pick);
 * - a file stays while a declaration naming it (testFileId, vaccinationCertFileId; found through
 *   their indexes) is live with a traveller that is not a tombstone, or while that declaration or
 *   its traveller has unsent changes (not synced);
 * - and while any unsent work names it: an outbox row, a failed item or an open conflict's local
 *   side (read only when some file would go).
 * Timeline `file_attached` events are history, not references: an anonymised traveller's keep
 * the file id while the server deleted the file.
 *
 * Cost: one count of the uploaded files when the device keeps none (the usual case); else two
 * index look-ups and the declarations and travellers that name them. It runs at start-up and after
 * every sync run, this tab's or another's, once the run's acknowledgements are folded and a fresh
 * pull's records hydrated (`sweepAfterRuns`, started by sync/runtime.ts, loaded after it).
 */
import { IMAGE_CACHE } from '../sw/image-cache.ts';
import type { PWADatabase } from './database.ts';

/** The top-level values of unsent data that name one of `ids`. */
function noteNamed(data: unknown, ids: ReadonlySet<string>, named: Set<string>) {
  if (typeof data !== 'object' || data === null) return;
  for (const value of Object.values(data)) if (typeof value === 'string' && ids.has(value)) named.add(value);
}

const settled = (r: { syncStatus?: string } | undefined) => r === undefined || r.syncStatus === 'synced';

/** Removes the device's copies of files nothing refers to any more; returns their ids. */
export async function sweepFiles(database: PWADatabase): Promise<string[]> {
  const { fileBlobs, declarations, travelers, syncQueue, failedSyncItems, conflicts } = database;
  if ((await fileBlobs.where('status').equals('uploaded').count()) === 0) return [];
  const stores = [fileBlobs, declarations, travelers, syncQueue, failedSyncItems, conflicts];
  const removed = await database.transaction('rw', stores, async () => {
    const uploaded = (await fileBlobs.where('status').equals('uploaded').primaryKeys()).map(String);
    const naming = [
      ...(await declarations.where('testFileId').anyOf(uploaded).toArray()),
      ...(await declarations.where('vaccinationCertFileId').anyOf(uploaded).toArray()),
    ];
    const owners = await travelers.bulkGet(naming.map((d) => String(d.travelerId)));
    const kept = new Set<string>();
    naming.forEach((declaration, i) => {
      const traveler = owners[i];
      const alive = !declaration.deletedAt && !traveler?.deletedAt;
      if (alive || !settled(declaration) || !settled(traveler)) {
        if (declaration.testFileId) kept.add(declaration.testFileId);
        if (declaration.vaccinationCertFileId) kept.add(declaration.vaccinationCertFileId);
      }
    });
    const going = new Set(uploaded.filter((id) => !kept.has(id)));
    if (going.size === 0) return [];
    const named = new Set<string>();
    await syncQueue.each((row) => noteNamed(row.data, going, named));
    await failedSyncItems.each((f) => noteNamed(f.originalSyncItem.data, going, named));
    await conflicts
      .where('resolved')
      .equals(0)
      .each((c) => noteNamed(c.localData, going, named));
    const ids = [...going].filter((id) => !named.has(id));
    await fileBlobs.bulkDelete(ids);
    return ids;
  });
  if (removed.length > 0) await forgetCached(removed);
  return removed;
}

/**
 * The service worker's runtime image cache leaves the API out (sw/image-cache.ts), so it should
 * hold no traveller's file; any entry naming a removed file goes all the same (the page opens the
 * worker's cache by name, as the settings' "clear cache" does).
 */
async function forgetCached(ids: readonly string[]) {
  if (typeof caches === 'undefined' || !(await caches.has(IMAGE_CACHE))) return;
  const cache = await caches.open(IMAGE_CACHE);
  for (const request of await cache.keys())
    if (ids.some((id) => request.url.includes(id))) await cache.delete(request);
}

/** What the sweep follows of the sync engine (sync/engine.ts), by shape: db/ imports no sync/. */
interface RunsOf {
  subscribe(listener: (state: { status: string }) => void): unknown;
  /** Resolves once the runs' acknowledgements are folded and landed records hydrated. */
  settled(): Promise<void>;
}

/**
 * Sweeps now (start-up: offline or locked too, no key is needed) and after each run the engine
 * ends (its state leaves 'syncing'), once that run's fold and hydration passed. Sweeps run one at a
 * time; a failed one (the page closing) is left to the next. Resolves when the first has run.
 */
export function sweepAfterRuns(engine: RunsOf, database: PWADatabase): Promise<void> {
  let queue = Promise.resolve();
  const sweep = () => {
    queue = queue
      .then(() => engine.settled())
      .then(() => sweepFiles(database))
      .then(
        () => undefined,
        () => undefined,
      );
    return queue;
  };
  let syncing = false;
  engine.subscribe(({ status }) => {
    const ended = syncing && status !== 'syncing';
    syncing = status === 'syncing';
    // A task later: the run queues its fold just after it leaves 'syncing'.
    if (ended) setTimeout(sweep, 0);
  });
  return sweep();
}
