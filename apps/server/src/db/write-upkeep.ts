/**
 * Upkeep after writes on PGlite, which runs no autovacuum: the planner's statistics.
 * PostgreSQL's autovacuum keeps them there, so nothing here runs on PostgreSQL.
 *
 * The upkeep is part of the database object (`Database.upkeep`, db/client.ts): every write
 * through applyMutations (sync push, CSV import, the REST writes and their table hooks) reports
 * the rows it wrote per table to the database it wrote to (`upkeep.noteWrites`), once the app
 * started the upkeep (`upkeep.start`, by the sync routes' plugin).
 *
 * Planner statistics. Without them a travellers table that grew from empty is still planned as a
 * tiny one, with every live row taken for 0.5% of them: the sync push's duplicate guard was then
 * planned as a scan of every live traveller, costing more with every row, instead of an index
 * lookup (docs/decisions/012-write-path-upkeep.md). Each table is analysed:
 * - when the server starts, if it holds rows: the first push after a restart then does not wait
 *   for an ANALYZE;
 * - on its first write of the process otherwise (an empty table), at once: this is what keeps
 *   the duplicate guard an index lookup on a table that had no statistics;
 * - then whenever the rows written since reach a fifth of the rows counted at its last ANALYZE
 *   (at least 5,000), once the writes pause (below). Meanwhile the table keeps its earlier
 *   statistics, which PostgreSQL scales to the table's current size (the pages it has now times
 *   the rows per page it counted), so the guard stays an index lookup.
 * Only the tables written are analysed (ANALYZE samples up to 30,000 rows of each table named,
 * and its CPU is shared with the writes; docs/decisions/012-write-path-upkeep.md).
 *
 * (The upkeep also merged the trigram indexes' GIN pending lists until migration 0027 dropped
 * those indexes: search reads the in-memory index of modules/travelers/search-index.ts.)
 *
 * "Once the writes pause": QUIET_MS after the last write (a device sends its next push batch at
 * once), or MAX_WAIT_MS after the first of writes that never pause; so a push run pays for one
 * upkeep at its end instead of one every few batches. The upkeep runs one at a time per database
 * (PGlite runs one statement at a time, so it runs between two write transactions, never inside
 * one), and the app runs a waiting one and waits for it before it closes the database.
 */
import { ANALYSED_SYNC_TABLES } from '@bh/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * Tables whose upkeep is kept: those the sync push and the CSV import write (the analysed synced
 * tables of the shared registry), their audit rows and the stored push results.
 */
const ANALYSED_TABLES = [...ANALYSED_SYNC_TABLES, 'audit_events', 'applied_mutations'] as const;
export type AnalysedTable = (typeof ANALYSED_TABLES)[number];
/** Rows a writer wrote, per table (tables it did not write may be left out). */
export type WrittenRows = Partial<Record<AnalysedTable, number>>;

/** Where a failed upkeep is reported. */
type Logger = Pick<FastifyBaseLogger, 'warn'>;

/** What the upkeep runs its SQL on: the drizzle database (db/client.ts). */
export interface UpkeepSql {
  execute(query: SQL): PromiseLike<{ rows: Record<string, unknown>[] }>;
}

/** The upkeep after writes of one database (`Database.upkeep`). */
export interface WriteUpkeep {
  /**
   * Keeps up the writes reported from here on (once; later calls do nothing), and analyses the
   * tables now: those that hold rows count as analysed from here on. Nothing on PostgreSQL.
   */
  start(log: Logger): void;
  /**
   * Notes the rows a writer wrote and returns at once: a table's first ANALYZE is queued right
   * away, the rest of the upkeep once the writes pause (see the file header). Nothing before
   * `start` (a test that applies mutations on its own) or on PostgreSQL.
   */
  noteWrites(written: WrittenRows): void;
  /** Runs an upkeep that waits for the writes to pause, and settles when none is left. */
  settled(): Promise<void>;
}

/** PostgreSQL's: autovacuum keeps statistics there. */
export const NO_UPKEEP: WriteUpkeep = {
  start: () => {},
  noteWrites: () => {},
  settled: () => Promise.resolve(),
};

const MIN_ROWS = 5000;
const FRACTION = 0.2;
/** A pause in the writes this long ends a push run (a device sends its next batch at once). */
const QUIET_MS = 1000;
/** Writes that never pause still get their upkeep after this long. */
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
  /** The running upkeep (settled when there is none). */
  running: Promise<void> | null;
  /** The timer of an upkeep waiting for the writes to pause, and since when it waits. */
  waiting: { timer: NodeJS.Timeout; since: number } | null;
  log: Logger;
}

const rowsSchema = z.array(z.object({ relname: z.string(), rows: z.coerce.number() }));

const isDue = (t: Table) => !t.analysed || (t.since > 0 && t.since >= Math.max(MIN_ROWS, FRACTION * t.rows));

const tableList = (names: readonly AnalysedTable[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

/** ANALYZE of the due tables; a failure is logged, and the rows count again for the next try. */
async function analyse(db: UpkeepSql, state: State) {
  const due = [...state.tables].filter(([, t]) => isDue(t)).map(([name, t]) => ({ name, t, since: t.since }));
  if (due.length === 0) return;
  for (const { t } of due) t.since = 0;
  const names = due.map((d) => d.name);
  try {
    await db.execute(sql.raw(`ANALYZE ${names.join(', ')}`));
    const counted = rowsSchema.parse(
      (
        await db.execute(
          sql`SELECT relname, GREATEST(reltuples, 0) AS rows FROM pg_class
            WHERE relkind = 'r' AND relname IN (${tableList(names)})`,
        )
      ).rows,
    );
    for (const { name, t } of due) {
      t.analysed = true;
      t.rows = counted.find((c) => c.relname === name)?.rows ?? 0;
    }
  } catch (err) {
    for (const d of due) d.t.since += d.since;
    state.log.warn({ err }, 'refreshing planner statistics failed');
  }
}

/**
 * Runs the upkeep (after a running one): `atOnce` for a table's first write, which does not wait
 * for the writes to pause (the timer of a waiting upkeep is kept).
 */
function runUpkeep(db: UpkeepSql, state: State, atOnce: boolean) {
  if (!atOnce && state.waiting) {
    clearTimeout(state.waiting.timer);
    state.waiting = null;
  }
  const previous = state.running ?? Promise.resolve();
  const run = previous.then(() => analyse(db, state));
  const settled: Promise<void> = run.finally(() => {
    if (state.running === settled) state.running = null;
  });
  state.running = settled;
}

/** The upkeep of a PGlite database: one at a time, between two write transactions. */
export function pgliteUpkeep(db: UpkeepSql): WriteUpkeep {
  let state: State | null = null;
  return {
    start(log) {
      if (state) return;
      const tables = new Map(ANALYSED_TABLES.map((name) => [name, { since: 0, rows: 0, analysed: false }]));
      const started: State = { tables, running: null, waiting: null, log };
      state = started;
      const settled: Promise<void> = analyse(db, started).finally(() => {
        // An empty table is analysed again at its first write (its statistics say nothing yet).
        for (const t of tables.values()) if (t.rows === 0) t.analysed = false;
        if (started.running === settled) started.running = null;
      });
      started.running = settled;
    },
    noteWrites(written) {
      if (!state) return;
      const kept = state;
      let first = false;
      let wrote = false;
      for (const name of ANALYSED_TABLES) {
        const rows = written[name] ?? 0;
        if (rows <= 0) continue;
        const t = kept.tables.get(name);
        if (!t) continue;
        wrote = true;
        t.since += rows;
        if (!t.analysed) first = true;
      }
      if (!wrote) return;
      if (first) runUpkeep(db, kept, true);
      const now = Date.now();
      const since = kept.waiting?.since ?? now;
      if (now - since >= MAX_WAIT_MS) {
        runUpkeep(db, kept, false);
        return;
      }
      if (kept.waiting) clearTimeout(kept.waiting.timer);
      const timer = setTimeout(() => runUpkeep(db, kept, false), QUIET_MS);
      // An upkeep still waiting never keeps the process alive (`settled` runs it on close).
      timer.unref();
      kept.waiting = { timer, since };
    },
    async settled() {
      if (!state) return;
      if (state.waiting) runUpkeep(db, state, false);
      await state.running;
    },
  };
}
