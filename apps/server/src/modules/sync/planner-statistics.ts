/**
 * PGlite runs no autovacuum, so nothing ever refreshes the planner's statistics: a travellers
 * table that grew from empty is still planned as a tiny one, with every live row taken for 0.5%
 * of them. The sync push's duplicate guard was then planned as a scan of every live traveller
 * (85 ms of CPU per 500-row batch at 9,500 travellers, and growing with the table) instead of an
 * index lookup (1 ms after ANALYZE). So, on PGlite, the writers (sync push, CSV import) report
 * the rows they wrote per table, and each table is analysed:
 * - on its first write of the process, at once (after the writer's answer): this is what keeps
 *   the duplicate guard an index lookup on a table that had no statistics;
 * - then whenever the rows written since reach a fifth of the rows counted at its last ANALYZE
 *   (at least 5,000), but not between two batches of a push run: that refresh waits until the
 *   writes pause for QUIET_MS (or have gone on for MAX_WAIT_MS), so a run of pushes pays for one
 *   ANALYZE at its end instead of one every few batches. Meanwhile the table keeps its earlier
 *   statistics, which PostgreSQL scales to the table's current size (the pages it has now times
 *   the rows per page it counted), so the guard stays an index lookup.
 * Only the tables written are analysed (ANALYZE samples up to 30,000 rows of each table named,
 * 39 ms of CPU for 10,000 travellers, 14 for their 10,000 audit rows on PGlite).
 * PostgreSQL's own autovacuum does this there. See docs/decisions/002-set-based-sync-apply.md.
 *
 * The ANALYZE runs one at a time per database (PGlite runs one statement at a time, so it runs
 * between two write transactions, never inside one), and the app runs a waiting one and waits for
 * it before it closes the database.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

/** Tables whose statistics are kept: those the sync push and the CSV import write. */
export const ANALYSED_TABLES = [
  'travelers',
  'traveler_events',
  'health_declarations',
  'check_ins',
  'audit_events',
  'applied_mutations',
] as const;
export type AnalysedTable = (typeof ANALYSED_TABLES)[number];
/** Rows a writer wrote, per table (tables it did not write may be left out). */
export type WrittenRows = Partial<Record<AnalysedTable, number>>;

/** Where a failed ANALYZE is reported (a request's logger). */
type Logger = Pick<FastifyBaseLogger, 'warn'>;

const MIN_ROWS = 5000;
const FRACTION = 0.2;
/** A pause in the writes this long ends a push run (a device sends its next batch at once). */
const QUIET_MS = 1000;
/** Writes that never pause still get their refresh after this long. */
const MAX_WAIT_MS = 30_000;

interface Table {
  /** Rows written since the last ANALYZE. */
  since: number;
  /** Rows counted at the last ANALYZE (0 before the first of the process). */
  rows: number;
  /** False until the table's first ANALYZE of this process. */
  analysed: boolean;
}

interface State {
  tables: Map<AnalysedTable, Table>;
  /** The running ANALYZE (settled when there is none). */
  running: Promise<void> | null;
  /** The timer of a refresh waiting for the writes to pause, and since when it waits. */
  waiting: { timer: NodeJS.Timeout; since: number } | null;
  log: Logger | null;
}

const states = new WeakMap<Database, State>();
const rowsSchema = z.object({ relname: z.string(), rows: z.coerce.number() });

const isDue = (t: Table) => !t.analysed || (t.since > 0 && t.since >= Math.max(MIN_ROWS, FRACTION * t.rows));

/** Analyses the due tables (after a running ANALYZE); a failure is logged and retried later. */
function analyseDue(database: Database, state: State) {
  if (state.waiting) clearTimeout(state.waiting.timer);
  state.waiting = null;
  const previous = state.running ?? Promise.resolve();
  const run = previous.then(async () => {
    const due = [...state.tables]
      .filter(([, t]) => isDue(t))
      .map(([name, t]) => ({ name, t, since: t.since }));
    if (due.length === 0) return;
    for (const { t } of due) t.since = 0;
    const names = due.map((d) => d.name);
    try {
      await database.db.execute(sql.raw(`ANALYZE ${names.join(', ')}`));
      const counted = await database.rows(
        rowsSchema,
        sql`SELECT relname, GREATEST(reltuples, 0) AS rows FROM pg_class
          WHERE relkind = 'r' AND relname IN (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
      );
      for (const { name, t } of due) {
        t.analysed = true;
        t.rows = counted.find((c) => c.relname === name)?.rows ?? 0;
      }
    } catch (err) {
      // Only speed is lost: the rows count again, and the next write tries again.
      for (const d of due) d.t.since += d.since;
      state.log?.warn({ err }, 'refreshing planner statistics failed');
    }
  });
  const settled: Promise<void> = run.finally(() => {
    if (state.running === settled) state.running = null;
  });
  state.running = settled;
}

/**
 * Notes the rows a writer wrote; queues the ANALYZE that is due (PGlite only) and returns at
 * once: a table's first one right away, a refresh once the writes pause (see the file header).
 */
export function refreshStatisticsLater(database: Database, written: WrittenRows, log: Logger) {
  if (database.kind !== 'pglite') return;
  let state = states.get(database);
  if (!state) {
    state = { tables: new Map(), running: null, waiting: null, log };
    states.set(database, state);
  }
  state.log = log;
  let first = false;
  let refresh = false;
  for (const name of ANALYSED_TABLES) {
    const rows = written[name] ?? 0;
    if (rows <= 0) continue;
    let t = state.tables.get(name);
    if (!t) {
      t = { since: 0, rows: 0, analysed: false };
      state.tables.set(name, t);
    }
    t.since += rows;
    if (!t.analysed) first = true;
    else if (isDue(t)) refresh = true;
  }
  if (first) {
    analyseDue(database, state);
    return;
  }
  if (!refresh && !state.waiting) return;
  const now = Date.now();
  const since = state.waiting?.since ?? now;
  if (now - since >= MAX_WAIT_MS) {
    analyseDue(database, state);
    return;
  }
  if (state.waiting) clearTimeout(state.waiting.timer);
  const current = state;
  const timer = setTimeout(() => analyseDue(database, current), QUIET_MS);
  // A refresh still waiting never keeps the process alive (statisticsSettled runs it on close).
  timer.unref();
  state.waiting = { timer, since };
}

/** Runs a refresh that waits for the writes to pause, and settles when no ANALYZE is left. */
export async function statisticsSettled(database: Database) {
  const state = states.get(database);
  if (!state) return;
  if (state.waiting) analyseDue(database, state);
  await state.running;
}
