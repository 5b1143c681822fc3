/**
 * Sends the signed-in officer's reads (db/read-outbox.ts) with each sync run, before the push:
 * batches of at most MAX_READ_BATCH to LOCAL_OUTBOX_SPECS.reads.route, each deleted from the
 * device once the server answered it. Exactly once: a batch whose answer was lost is sent again
 * and the server stores none of it twice (it keeps each read by its id). A failure leaves the
 * rest for the next run and never stops the push of the officer's changes.
 */
import { LOCAL_OUTBOX_SPECS, MAX_READ_BATCH, type ReadBatchAnswer } from '@bh/shared';
import { db as defaultDb, type PWADatabase } from '../db/database.ts';
import { api } from '../lib/api.ts';
import { getSession } from '../lib/session.ts';

/** Most batches one run sends (the rest wait for the next run). */
const MAX_BATCHES_PER_RUN = 20;

type Post = (path: string, body: unknown) => Promise<ReadBatchAnswer>;
const post: Post = (path, body) => api.post<ReadBatchAnswer>(path, body);

/** Sends what waits; the number of reads the server acknowledged. */
export async function sendReadEvents(database: PWADatabase = defaultDb, send: Post = post): Promise<number> {
  const userId = getSession()?.user.id;
  if (!userId) return 0;
  let sent = 0;
  try {
    for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
      // The officer's oldest first (the index is ordered by user, then by the time-ordered id).
      const rows = await database.readOutbox.where('userId').equals(userId).limit(MAX_READ_BATCH).toArray();
      if (rows.length === 0) break;
      const events = rows.map(({ userId: _user, ...event }) => event);
      await send(LOCAL_OUTBOX_SPECS.reads.route, { events });
      await database.readOutbox.bulkDelete(rows.map((r) => r.id));
      sent += rows.length;
      if (rows.length < MAX_READ_BATCH) break;
    }
  } catch {
    // Offline, refused or a server error: the reads stay queued for the next run.
  }
  return sent;
}
