/**
 * PGlite runs no autovacuum, so nothing ever refreshes the planner's statistics: a travellers
 * table that grew from empty is still planned as a tiny one, with every live row taken for 0.5%
 * of them. The sync push's duplicate guard was then planned as a scan of every live traveller
 * (85 ms of CPU per 500-row batch at 9,500 travellers, and growing with the table) instead of an
 * index lookup (1 ms after ANALYZE). So, on PGlite, the tables a push writes are analysed on the
 * first push of the process and then whenever the rows pushed since reach a fifth of the rows
 * counted at the last ANALYZE (at least 5,000), which keeps it to a few runs as a table grows:
 * ANALYZE samples at most 30,000 rows a table (51 ms of CPU at 10,000 travellers).
 * PostgreSQL's own autovacuum does this there. See docs/decisions/002-set-based-sync-apply.md.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const TABLES = 'travelers, traveler_events, health_declarations, check_ins, audit_events, applied_mutations';
const MIN_ROWS = 5000;
const FRACTION = 0.2;

const counted = new WeakMap<Database, { since: number; rows: number }>();
const rowsSchema = z.object({ rows: z.coerce.number() });

/** Notes `written` pushed rows; analyses the synced tables when due (PGlite only). */
export async function refreshStatisticsWhenDue(database: Database, written: number) {
  if (database.kind !== 'pglite') return;
  const state = counted.get(database);
  if (state) {
    state.since += written;
    if (state.since < Math.max(MIN_ROWS, FRACTION * state.rows)) return;
  }
  await database.db.execute(sql.raw(`ANALYZE ${TABLES}`));
  const [total] = await database.rows(
    rowsSchema,
    sql`SELECT COALESCE(SUM(GREATEST(reltuples, 0)), 0) AS rows FROM pg_class
      WHERE relname IN ('travelers', 'traveler_events', 'health_declarations', 'check_ins')`,
  );
  counted.set(database, { since: 0, rows: total?.rows ?? 0 });
}
