/**
 * What a device drops when its scope changes (docs/decisions/014-points-of-entry.md): a traveller
 * that left its post (a pulled departure), or everything a device held before it works at another
 * post. A traveller goes with its declaration, timeline and check-ins; one with local work not
 * yet settled (an outbox row, a failed item or an open conflict, on it or one of its records, or
 * a copy not synced) stays: nothing pending is ever dropped. What stays is pushed, and the
 * server answers for it (a refused write shows as a failed item the officer sees).
 * Runs inside the caller's transaction over the synced stores (syncStores in database.ts).
 */
import type { LocalRecord, PWADatabase } from './database.ts';

/** The traveller ids with local work: the outbox, failed items, open conflicts, unsynced copies. */
async function busyTravelers(database: PWADatabase): Promise<Set<string>> {
  const busyIds = new Set<string>();
  const owners = new Set<string>();
  const note = (recordId: string, data: unknown) => {
    busyIds.add(recordId);
    const traveler =
      typeof data === 'object' && data !== null && 'travelerId' in data ? data.travelerId : undefined;
    if (typeof traveler === 'string') owners.add(traveler);
  };
  await database.syncQueue.each((row) => note(row.recordId, row.data));
  await database.failedSyncItems.each((f) => note(f.originalSyncItem.recordId, f.originalSyncItem.data));
  await database.conflicts
    .where('resolved')
    .equals(0)
    .each((c) => note(c.recordId, c.localData));
  // Records of a traveller with work: their traveller stays (the declaration id is the traveller's).
  for (const store of [database.travelerEvents, database.checkIns, database.declarations]) {
    const rows = await store.bulkGet([...busyIds]);
    for (const row of rows) if (row && typeof row.travelerId === 'string') owners.add(row.travelerId);
  }
  for (const id of busyIds) owners.add(id);
  return owners;
}

const unsynced = (r: LocalRecord | undefined) => r !== undefined && r.syncStatus !== 'synced';

/**
 * Drops the travellers given (`'all'`: every one held) with their records, but those with local
 * work. Returns how many went, and the ids of those held that stayed.
 */
export async function dropTravelers(
  database: PWADatabase,
  which: readonly string[] | 'all',
): Promise<{ dropped: number; kept: string[] }> {
  const busy = await busyTravelers(database);
  const { travelers, declarations, travelerEvents, checkIns } = database;
  const ids = which === 'all' ? (await travelers.toCollection().primaryKeys()).map(String) : [...which];
  const held = await travelers.bulkGet(ids);
  const going: string[] = [];
  const kept: string[] = [];
  ids.forEach((id, i) => {
    // A traveller this device never held has nothing to drop or keep.
    if (busy.has(id) || unsynced(held[i])) {
      if (held[i]) kept.push(id);
    } else going.push(id);
  });
  if (going.length > 0) {
    const events = await travelerEvents.where('travelerId').anyOf(going).primaryKeys();
    const visits = await checkIns.where('travelerId').anyOf(going).primaryKeys();
    await travelerEvents.bulkDelete(events);
    await checkIns.bulkDelete(visits);
    await declarations.bulkDelete(going);
    await travelers.bulkDelete(going);
  }
  return { dropped: going.length, kept };
}

/**
 * Travellers out of the device's scope that stayed for their unsent work (a departure or a scope
 * change met them busy), kept in `meta` until that work is settled: each run tries again
 * (sync/pull.ts `dropLeftovers`); one pulled again (back in the scope) leaves the list.
 */
export const LEFTOVERS_KEY = 'scopeLeftovers';

export async function leftovers(database: PWADatabase): Promise<string[]> {
  const value = (await database.meta.get(LEFTOVERS_KEY))?.value;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export async function keepLeftovers(database: PWADatabase, ids: readonly string[]) {
  if (ids.length === 0) await database.meta.delete(LEFTOVERS_KEY);
  else await database.meta.put({ key: LEFTOVERS_KEY, value: [...new Set(ids)] });
}
