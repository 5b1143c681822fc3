/**
 * One scan of the outbox per push round: every row that may go now (at most one per record, its
 * earliest), and which records had more than one row at scan time. The engine sends the picked
 * rows in several batches without reading the outbox again, and the acknowledgement uses the
 * scan to skip per-record look-ups for records that had no later row (see acknowledge.ts).
 */
import { MAX_PUSH_MUTATIONS } from '@bh/shared';
import type { PWADatabase, SyncQueueItem } from '../db/database.ts';

/** Mutations per push: as many as the server takes in one request (packages/shared's limit). */
export const PUSH_BATCH_SIZE = MAX_PUSH_MUTATIONS;
/**
 * Bytes of record data per push, roughly: the server's body limit is 8 MB, and a request of
 * ~1 MB keeps one push (and its retry after a lost answer) short on a slow link.
 */
export const PUSH_BATCH_BYTES = 1_000_000;

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

/** Approximate JSON size of a row's data (its share of the request body). */
const dataBytes = (row: SyncQueueItem) => (row.data ? JSON.stringify(row.data).length : 4);

/**
 * Cuts a plan's rows into pushes of at most `maxCount` rows and about `maxBytes` of data (a
 * single row larger than that goes alone). The order is kept.
 */
export function splitBatches(
  rows: SyncQueueItem[],
  maxCount = PUSH_BATCH_SIZE,
  maxBytes = PUSH_BATCH_BYTES,
): SyncQueueItem[][] {
  const batches: SyncQueueItem[][] = [];
  let current: SyncQueueItem[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = dataBytes(row);
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
