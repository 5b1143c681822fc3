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
 * Cost: one read of the uploaded files' keys when the device keeps none (the usual case); else
 * two index look-ups and the declarations and travellers that name them. Run after each sync run
 * that changed something (engine.ts, after the fold and the landing's hydration) and at start-up.
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
