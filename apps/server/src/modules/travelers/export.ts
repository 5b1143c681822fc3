/**
 * CSV export as a stream: rows are read in chunks of EXPORT_CHUNK_ROWS with keyset paging
 * (store.ts exportChunk) and written to the response as they come, so the server holds one
 * chunk per export whatever the number of rows, and the socket's back-pressure paces the reads.
 * At most MAX_CONCURRENT_EXPORTS run at once per server; another one is answered 429.
 */
import { CSV_BOM, MAX_CONCURRENT_EXPORTS } from '@bh/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';
import { TRAVELER_CSV_COLUMNS, toCsvLine } from './csv.ts';
import { type ExportCursor, exportChunk, type ScopedFilter } from './store.ts';

const EXPORT_CHUNK_ROWS = 1_000;

/**
 * Lets the event loop serve other requests between two chunks. PGlite answers through promises
 * only, so without it a fast client keeps an export running from microtask to microtask and
 * /api/health waits for the socket buffers to fill.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Seconds a client is asked to wait when both export slots are taken. */
const EXPORT_RETRY_AFTER_S = 30;

/** The export slots of one server. */
export function exportSlots(max = MAX_CONCURRENT_EXPORTS) {
  let running = 0;
  return {
    /** Takes a slot or throws the 429; the returned function gives it back (once). */
    take(): () => void {
      if (running >= max) {
        throw new AppError(
          'rate_limited',
          'Too many exports are running; try again shortly',
          { retryAfter: EXPORT_RETRY_AFTER_S },
          { 'Retry-After': String(EXPORT_RETRY_AFTER_S) },
        );
      }
      running += 1;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        running -= 1;
      };
    },
    get running() {
      return running;
    },
  };
}

/**
 * The CSV text, one piece per chunk: BOM and header first, then the rows newest entry first.
 * The audit entry is written when the export ends, with the number of rows sent and whether
 * the client took the whole file. The rows are read from `reads` (the replica when there is one:
 * an export may lag a few seconds), the audit entry written to `db`.
 */
export async function* exportCsv(
  db: Db,
  reads: Db,
  filters: ScopedFilter,
  audit: { userId: string; ip: string | null },
): AsyncGenerator<string> {
  let count = 0;
  let complete = false;
  try {
    yield CSV_BOM + toCsvLine(TRAVELER_CSV_COLUMNS);
    let after: ExportCursor | null = null;
    for (;;) {
      const rows = await exportChunk(reads, filters, after, EXPORT_CHUNK_ROWS);
      let piece = '';
      for (const row of rows) piece += toCsvLine(TRAVELER_CSV_COLUMNS.map((c) => row[c]));
      count += rows.length;
      const last = rows.at(-1);
      if (piece) yield piece;
      if (!last || rows.length < EXPORT_CHUNK_ROWS) break;
      after = { entryDate: last.entryDate, id: last.id };
      await nextTurn();
    }
    complete = true;
  } finally {
    await writeAudit(db, {
      userId: audit.userId,
      ip: audit.ip,
      action: 'traveler.export',
      entity: 'traveler',
      details: { count, complete },
    });
  }
}
