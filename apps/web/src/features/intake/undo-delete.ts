/**
 * Deleting a traveller with a reason, and undoing it within UNDO_MS. Undo drops the delete from
 * the outbox when it has not been sent yet (nothing reaches the server); once sent, an update of
 * the tombstone brings the traveller back on the server too (the server lets the officer who may
 * delete it do that). The last delete is a module store the toast reads.
 */
import type { LocalTraveler } from '@bh/shared';
import { db as defaultDb, type PWADatabase } from '../../db/database.ts';
import { createStore } from '../../lib/store.ts';
import { writeRecord } from '../../sync/outbox.ts';
import { notifyLocalWrite } from '../../sync/triggers.ts';

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

export async function undoDelete(id: string, database: PWADatabase = defaultDb): Promise<void> {
  lastDelete.set(null);
  const unsent = await database.transaction('rw', [database.travelers, database.syncQueue], async () => {
    const rows = await database.syncQueue
      .where('recordId')
      .equals(id)
      .filter((r) => r.table === 'travelers' && r.operation === 'delete' && r.retryCount === 0)
      .toArray();
    const record = await database.travelers.get(id);
    if (rows.length === 0 || !record) return false;
    await database.syncQueue.bulkDelete(rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
    const left = await database.syncQueue.where('recordId').equals(id).count();
    await database.travelers.put({
      ...record,
      deletedAt: null,
      syncStatus: left > 0 || record.version === 0 ? 'pending' : 'synced',
      lastModified: Date.now(),
    });
    return true;
  });
  if (unsent) notifyLocalWrite();
  else await writeRecord('travelers', 'update', { id, deletedAt: null }, database);
}
