/**
 * PGlite runs no autovacuum, so nothing ever refreshes the planner's statistics: a travellers
 * table that grew from empty is still planned as a tiny one, with every live row taken for 0.5%
 * of them. The sync push's duplicate guard was then planned as a scan of every live traveller
 * (85 ms of CPU per 500-row batch at 9,500 travellers, and growing with the table) instead of an
 * index lookup (1 ms after ANALYZE). So, on PGlite, the tables a push writes are analysed on the
 * first write of the process and then whenever the rows written since reach a fifth of the rows
 * counted at the last ANALYZE (at least 5,000), which keeps it to a few runs as a table grows:
 * ANALYZE samples at most 30,000 rows a table (51 ms of CPU at 10,000 travellers).
 * PostgreSQL's own autovacuum does this there. See docs/decisions/002-set-based-sync-apply.md.
 *
 * The writers (sync push, CSV import) do not wait for it: the ANALYZE is queued after their
 * answer, one at a time per database (PGlite runs one statement at a time, so it runs between
 * two write transactions, never inside one), and the app waits for a queued one before it
 * closes the database.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const TABLES = 'travelers, traveler_events, health_declarations, check_ins, audit_events, applied_mutations';
const MIN_ROWS = 5000;
const FRACTION = 0.2;

interface Counts {
  /** Rows written since the last ANALYZE; null before the first one. */
  since: number | null;
  /** Rows counted at the last ANALYZE. */
  rows: number;
  /** The queued or running ANALYZE (settled when there is none). */
  queued: Promise<void> | null;
}

const counts = new WeakMap<Database, Counts>();
const rowsSchema = z.object({ rows: z.coerce.number() });

async function analyse(database: Database, state: Counts) {
  await database.db.execute(sql.raw(`ANALYZE ${TABLES}`));
  const [total] = await database.rows(
    rowsSchema,
    sql`SELECT COALESCE(SUM(GREATEST(reltuples, 0)), 0) AS rows FROM pg_class
      WHERE relname IN ('travelers', 'traveler_events', 'health_declarations', 'check_ins')`,
  );
  state.rows = total?.rows ?? 0;
}

/**
 * Notes `written` rows; when an ANALYZE is due (PGlite only), queues one and returns at once.
 * A failed ANALYZE only costs speed: it is logged, and the next write tries again.
 */
export function refreshStatisticsLater(database: Database, written: number, log: FastifyBaseLogger) {
  if (database.kind !== 'pglite') return;
  const state = counts.get(database) ?? { since: null, rows: 0, queued: null };
  counts.set(database, state);
  if (state.since !== null) {
    state.since += written;
    if (state.since < Math.max(MIN_ROWS, FRACTION * state.rows)) return;
  }
  if (state.queued) return;
  state.since = 0;
  state.queued = analyse(database, state)
    .catch((err: unknown) => {
      state.since = null;
      log.warn({ err }, 'refreshing planner statistics failed');
    })
    .finally(() => {
      state.queued = null;
    });
}

/** Settles when no ANALYZE of `database` is queued or running (before closing it). */
export async function statisticsSettled(database: Database) {
  await counts.get(database)?.queued;
}
