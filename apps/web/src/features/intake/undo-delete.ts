/**
 * Deleting a traveller with a reason, and undoing it within UNDO_MS. Undo drops the delete from
 * the outbox when it cannot have been sent (nothing reaches the server); otherwise an update of
 * the tombstone, queued after the delete, brings the traveller back on the server too (the server
 * lets the officer who may delete it do that). "Cannot have been sent": no sync run holds the sync
 * lock (which undo then holds while it drops the row) and the row has no failed try. Before, a
 * delete on the wire (a run in another tab, or this one) was dropped too: the server applied it,
 * the acknowledgement found no row, and the traveller stayed deleted on the server while the
 * device showed it. The last delete is a module store the toast reads.
 */
import type { LocalTraveler } from '@bh/shared';
import { db as defaultDb, type PWADatabase } from '../../db/database.ts';
import { createStore } from '../../lib/store.ts';
import { dropUnsentDelete, writeRecord } from '../../sync/outbox.ts';
import { withSyncLockIfFree } from '../../sync/run-lock.ts';

const UNDO_MS = 10_000;

export interface LastDelete {
  id: string;
  name: string;
  until: number;
}
export const lastDelete = createStore<LastDelete | null>(null);

export async function deleteWithReason(
  traveler: LocalTraveler,
  reason: string,
  database: PWADatabase = defaultDb,
) {
  await writeRecord('travelers', 'delete', { id: traveler.id, reason }, database);
  lastDelete.set({ id: traveler.id, name: traveler.fullName, until: Date.now() + UNDO_MS });
}

/**
 * `whileNoRun` runs its function only while no sync run can push (the sync lock): injected by
 * tests, which have no Web Locks.
 */
export async function undoDelete(
  id: string,
  database: PWADatabase = defaultDb,
  whileNoRun: (fn: () => Promise<void>) => Promise<boolean> = withSyncLockIfFree,
): Promise<void> {
  lastDelete.set(null);
  let unsent = false;
  await whileNoRun(async () => {
    unsent = await dropUnsentDelete('travelers', id, database);
  });
  if (!unsent) await writeRecord('travelers', 'update', { id, deletedAt: null }, database);
}
