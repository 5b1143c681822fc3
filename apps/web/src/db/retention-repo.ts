/**
 * Data retention (the dataRetentionDays setting): removes travellers and declarations that are
 * fully synced and were last written on this device more than N days ago. A record with anything
 * still to do is NEVER removed: not synced, an outbox row, an open conflict, or (for a
 * traveller) a declaration that stays. The server keeps everything; a later change there brings
 * a record back with the next pull.
 */
import type { PWADatabase } from './database.ts';

const DAY_MS = 86_400_000;

export async function purgeSyncedRecordsOlderThan(
  database: PWADatabase,
  days: number,
  now = Date.now(),
): Promise<{ travelers: number; declarations: number }> {
  const cutoff = now - days * DAY_MS;
  const { travelers, declarations, syncQueue, conflicts } = database;
  return database.transaction('rw', [travelers, declarations, syncQueue, conflicts], async () => {
    const busy = new Set<string>();
    for (const row of await syncQueue.toArray()) busy.add(row.recordId);
    for (const c of await conflicts.filter((c) => !c.resolved).toArray()) busy.add(c.recordId);
    const removable = (r: { id: string; syncStatus: string }) => r.syncStatus === 'synced' && !busy.has(r.id);

    const oldDeclarations = await declarations
      .where('lastModified')
      .below(cutoff)
      .filter(removable)
      .toArray();
    const goingDeclarations = new Set(oldDeclarations.map((d) => d.id));
    const oldTravelers = await travelers.where('lastModified').below(cutoff).filter(removable).primaryKeys();
    // A traveller stays while one of its declarations stays (the declaration screen needs it).
    const keptOwners = new Set(
      (await declarations.where('travelerId').anyOf(oldTravelers).toArray())
        .filter((d) => !goingDeclarations.has(d.id))
        .map((d) => d.travelerId),
    );
    const goingTravelers = oldTravelers.filter((id) => !keptOwners.has(id));
    await declarations.bulkDelete([...goingDeclarations]);
    await travelers.bulkDelete(goingTravelers);
    return { travelers: goingTravelers.length, declarations: goingDeclarations.size };
  });
}
