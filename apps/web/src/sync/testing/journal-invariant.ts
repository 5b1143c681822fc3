/**
 * The acknowledgement journal's invariant (sync/ack-journal.ts), for the sync tests to check: a
 * record the journal lists has no outbox row, no failed item and no open conflict, so nothing
 * that decides on a record's version or sync status can meet it unfolded without folding it first.
 */
import type { PWADatabase } from '../../db/database.ts';

/** What names a journaled record (`queued|failed|conflict table:id`); empty while the invariant holds. */
export async function journalViolations(database: PWADatabase): Promise<string[]> {
  const journaled = new Set<string>();
  for (const row of await database.ackJournal.toArray())
    for (const id of row.ids) journaled.add(`${row.table}:${id}`);
  if (journaled.size === 0) return [];
  const named = [
    ...(await database.syncQueue.toArray()).map((r) => `queued ${r.table}:${r.recordId}`),
    ...(await database.failedSyncItems.toArray()).map(
      (f) => `failed ${f.originalSyncItem.table}:${f.originalSyncItem.recordId}`,
    ),
    ...(await database.conflicts.where('resolved').equals(0).toArray()).map(
      (c) => `conflict ${c.table}:${c.recordId}`,
    ),
  ];
  return named.filter((what) => journaled.has(what.slice(what.indexOf(' ') + 1)));
}
