/**
 * Reads audited (issue 33 point 5): opening a traveller's declaration or a file of theirs is
 * recorded here, on the device, at once and offline too; the sync run sends the officer's reads
 * in batches (sync/read-events.ts) and deletes what the server acknowledged. Loaded when the first
 * read happens (features/health-declaration/note-read.ts), not with the list. The server keeps
 * each read once by its id, so a batch sent again after a lost answer is harmless.
 */
import { newRecordId, type ReadView } from '@bh/shared';
import { getSession } from '../lib/session.ts';
import { db as defaultDb, type PWADatabase } from './database.ts';

/** The same thing opened again this soon by the same officer is one read (re-renders, double clicks). */
const SAME_READ_MS = 10_000;
const recent = new Map<string, number>();

/** Records that the signed-in officer opened this (nothing without a session). */
export async function recordRead(
  read: { travelerId: string; viewed: ReadView; fileId?: string },
  database: PWADatabase = defaultDb,
  now = Date.now(),
): Promise<void> {
  const userId = getSession()?.user.id;
  if (!userId) return;
  const key = `${userId}|${read.travelerId}|${read.viewed}|${read.fileId ?? ''}`;
  const last = recent.get(key);
  if (last !== undefined && now - last < SAME_READ_MS) return;
  if (recent.size > 1000) recent.clear();
  recent.set(key, now);
  await database.readOutbox.add({
    id: newRecordId(now),
    userId,
    travelerId: read.travelerId,
    viewed: read.viewed,
    ...(read.fileId ? { fileId: read.fileId } : {}),
    at: new Date(now).toISOString(),
  });
}
