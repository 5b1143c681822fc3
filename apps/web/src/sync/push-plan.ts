/**
 * One scan of the outbox per push round: every row that may go now (at most one per record, its
 * earliest), and which records had more than one row at scan time. The engine sends the picked
 * rows in several batches without reading the outbox again, and the acknowledgement uses the
 * scan to skip per-record look-ups for records that had no later row (see acknowledge.ts).
 *
 * The scan streams: the first batch is handed out as soon as the first chunk of the outbox is
 * read, so the first push is on the wire while the rest is scanned (reading a large outbox
 * whole held the first push back; docs/decisions/012-write-path-upkeep.md). The hint is complete
 * only when the scan ends, and acknowledgements wait for it.
 */
import { MAX_PUSH_MUTATIONS } from '@bh/shared';
import type { PWADatabase, SyncQueueItem } from '../db/database.ts';

/**
 * Mutations per push: the server's limit (packages/shared, 2,000). Once acknowledging a batch
 * became one journal row instead of a put per record (ack-journal.ts), the long tail of the last
 * acknowledgement went, and fewer, larger pushes pay, on PostgreSQL and PGlite alike (with the
 * per-record acknowledgement they had been the slowest; docs/decisions/009-acknowledgement-journal.md).
 */
export const PUSH_BATCH_SIZE = Math.min(MAX_PUSH_MUTATIONS, 2000);
/**
 * Bytes of record data per push, roughly: the server's body limit is 8 MB, and a request of
 * ~1 MB keeps one push (and its retry after a lost answer) short on a slow link.
 */
const PUSH_BATCH_BYTES = 1_000_000;

/** What the scan saw: records with several rows, and the highest outbox id it read. */
export interface ScanHint {
  multi: ReadonlySet<string>;
  scannedTo: number;
}

/** Rows read per getAll: a filtered cursor costs one async step per row. */
const CHUNK = 2000;

/**
 * Rows in a round's first push (and in the scan's first chunk): the server has nothing to do
 * until the first push has been read from the outbox, sent and checked, and a small one reaches
 * it sooner; the next pushes, full ones, follow while it is applied, so a large outbox reaches
 * the server sooner (figures: docs/decisions/011-pglite-thread.md).
 */
const FIRST_PUSH = 500;

export const recordKey = (r: { table: string; recordId: string }) => `${r.table}:${r.recordId}`;

/** Is this row due to be sent (first of its record, not blocked, due, rebased where needed)? */
const isSendable = (row: SyncQueueItem, now: number) =>
  row.blocked !== 1 &&
  row.nextAttemptAt <= now &&
  // An update/delete whose create is not yet acknowledged waits for its rebase.
  (row.operation === 'create' || (row.baseVersion ?? 0) > 0);

/** Approximate JSON size of a row's data (its share of the request body). */
const dataBytes = (row: SyncQueueItem) => (row.data ? JSON.stringify(row.data).length : 4);

/**
 * The push plan of one round: scans the whole outbox once, in seq order, picking at most
 * `limit` rows, and hands them out in batches of at most `maxCount` rows (the first of at most
 * FIRST_PUSH) and about `maxBytes` of data (a single larger row goes alone), in seq order.
 */
export class PushPlan {
  /** Complete once the scan has read the whole outbox (rejects if the scan failed). */
  readonly hint: Promise<ScanHint>;
  /** Picked rows not handed out yet, each with its data's approximate size. */
  private readonly picked: { row: SyncQueueItem; size: number }[] = [];
  private pickedBytes = 0;
  /** Rows the next batch may hold besides `maxCount`: FIRST_PUSH in the first, then no limit. */
  private firstCount = FIRST_PUSH;
  private scanning = true;
  private wake: () => void = () => undefined;

  constructor(
    private readonly database: PWADatabase,
    private readonly now: number,
    private readonly limit: number,
    private readonly maxCount = PUSH_BATCH_SIZE,
    private readonly maxBytes = PUSH_BATCH_BYTES,
  ) {
    this.hint = this.scan().finally(() => {
      this.scanning = false;
      this.wake();
    });
    // Surfaced through next() or by whoever awaits the hint.
    this.hint.catch(() => undefined);
  }

  private async scan(): Promise<ScanHint> {
    const seen = new Set<string>();
    const multi = new Set<string>();
    let taken = 0;
    let after = 0;
    for (;;) {
      const asked = after ? CHUNK : FIRST_PUSH;
      const chunk = await this.database.syncQueue.where(':id').above(after).limit(asked).toArray();
      for (const row of chunk) {
        const k = recordKey(row);
        if (seen.has(k)) {
          multi.add(k);
          continue;
        }
        seen.add(k);
        if (taken < this.limit && isSendable(row, this.now)) {
          taken++;
          const size = dataBytes(row);
          this.picked.push({ row, size });
          this.pickedBytes += size;
        }
      }
      this.wake();
      const last = chunk.at(-1);
      if (last) after = last.id;
      if (!last || chunk.length < asked) return { multi, scannedTo: after };
    }
  }

  /** A full batch is waiting (or the scan ended): nothing gained by waiting for more rows. */
  private ready() {
    return (
      !this.scanning ||
      this.picked.length >= Math.min(this.firstCount, this.maxCount) ||
      this.pickedBytes >= this.maxBytes
    );
  }

  /** The next batch of rows to send; empty when the plan has no more. */
  async next(): Promise<SyncQueueItem[]> {
    while (!this.ready()) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.picked.length === 0) {
      await this.hint; // a failed scan is thrown here, not taken for an empty outbox
      return [];
    }
    const count = Math.min(this.firstCount, this.maxCount);
    this.firstCount = Number.POSITIVE_INFINITY;
    const batch: SyncQueueItem[] = [];
    let bytes = 0;
    for (const { row, size } of this.picked) {
      if (batch.length > 0 && (batch.length >= count || bytes + size > this.maxBytes)) break;
      batch.push(row);
      bytes += size;
    }
    this.picked.splice(0, batch.length);
    this.pickedBytes -= bytes;
    return batch;
  }
}
