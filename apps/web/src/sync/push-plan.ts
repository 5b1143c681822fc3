/**
 * One scan of the outbox per push round: every row that may go now (at most one per record, its
 * earliest), and which records had more than one row at scan time. The engine sends the picked
 * rows in several batches without reading the outbox again, and the acknowledgement uses the
 * scan to skip per-record look-ups for records that had no later row (see acknowledge.ts).
 */
import type { PWADatabase, SyncQueueItem } from '../db/database.ts';

/** What the scan saw: records with several rows, and the highest outbox id it read. */
export interface ScanHint {
  multi: ReadonlySet<string>;
  scannedTo: number;
}

export interface PushPlan {
  rows: SyncQueueItem[];
  hint: ScanHint;
}

/** Rows read per getAll: a filtered cursor costs one async step per row. */
const CHUNK = 2000;

export const recordKey = (r: { table: string; recordId: string }) => `${r.table}:${r.recordId}`;

/** Is this row due to be sent (first of its record, not blocked, due, rebased where needed)? */
const isSendable = (row: SyncQueueItem, now: number) =>
  row.blocked !== 1 &&
  row.nextAttemptAt <= now &&
  // An update/delete whose create is not yet acknowledged waits for its rebase.
  (row.operation === 'create' || (row.baseVersion ?? 0) > 0);

/** Scans the whole outbox once, in seq order; picks at most `limit` rows. */
export async function planPush(database: PWADatabase, now: number, limit: number): Promise<PushPlan> {
  const seen = new Set<string>();
  const multi = new Set<string>();
  const rows: SyncQueueItem[] = [];
  let after = 0;
  for (;;) {
    const chunk = await database.syncQueue.where(':id').above(after).limit(CHUNK).toArray();
    for (const row of chunk) {
      const k = recordKey(row);
      if (seen.has(k)) {
        multi.add(k);
        continue;
      }
      seen.add(k);
      if (rows.length < limit && isSendable(row, now)) rows.push(row);
    }
    const last = chunk.at(-1);
    if (last) after = last.id;
    if (!last || chunk.length < CHUNK) return { rows, hint: { multi, scannedTo: after } };
  }
}
