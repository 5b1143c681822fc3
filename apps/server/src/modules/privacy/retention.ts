/**
 * The retention job (docs/decisions/017-retention-and-rights.md): travellers whose last activity
 * is older than the retention period are anonymised, unless under a legal hold. A traveller's last
 * activity is the latest of its entry date, its last change (updated_at: a status change, an
 * edit, a transfer), its last timeline event and its last check-in. Every listening server has a
 * timer (routes.ts); the one that claims the hour's turn runs it, in batches (two meeting on one
 * traveller would still be safe: anonymise.ts checks again under the write lock).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.ts';
import { anonymiseTravelers } from './anonymise.ts';
import { readPrivacySettings } from './settings.ts';

/** Travellers anonymised in one transaction. */
const BATCH = 200;

/** The latest activity of traveller `t` (an alias in the query), as SQL. */
export const lastActivitySql = sql`greatest(t.entry_date::timestamptz, t.updated_at,
  (SELECT max(e.occurred_at) FROM traveler_events e WHERE e.traveler_id = t.id),
  (SELECT max(c.checked_at) FROM check_ins c WHERE c.traveler_id = t.id))`;

/** The first `limit` travellers past the period at `now`, not held and not anonymised yet. */
async function dueTravelers(db: Db, months: number, now: Date, limit: number): Promise<string[]> {
  const cutoff = sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}::int))`;
  const rows = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`SELECT t.id::text AS id FROM travelers t
      WHERE t.entry_date < ${cutoff} AND t.updated_at < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM traveler_privacy p WHERE p.traveler_id = t.id
          AND (p.hold_at IS NOT NULL OR p.anonymised_at IS NOT NULL))
        AND ${lastActivitySql} < ${cutoff}
      ORDER BY t.id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

export interface RetentionRun {
  retentionMonths: number;
  travelers: number;
  filesDeleted: number;
}

/**
 * One run: anonymises every traveller due at `now`, a batch at a time; one audit entry per
 * traveller and, when any was due, one for the run with its counts.
 */
export async function runRetention(
  database: Pick<Database, 'db' | 'upkeep'>,
  dataDir: string,
  now = new Date(),
): Promise<RetentionRun> {
  const { retentionMonths } = await readPrivacySettings(database.db);
  const run: RetentionRun = { retentionMonths, travelers: 0, filesDeleted: 0 };
  for (;;) {
    const due = await dueTravelers(database.db, retentionMonths, now, BATCH);
    if (due.length === 0) break;
    const done = await anonymiseTravelers(database, dataDir, due, {
      cause: 'retention',
      userId: null,
      ip: null,
    });
    run.travelers += done.travelerIds.length;
    run.filesDeleted += done.filesDeleted;
    // Another server took them all meanwhile: what is left is for its run.
    if (done.travelerIds.length === 0) break;
  }
  if (run.travelers > 0) {
    await writeAudit(database.db, {
      userId: null,
      ip: null,
      action: 'privacy.retention.run',
      entity: 'privacy_settings',
      entityId: 'current',
      details: { ...run, at: now.toISOString() },
    });
  }
  return run;
}

/**
 * Claims this hour's run for the calling instance: a lease in `meta` (retention_next_run) that
 * one instance moves forward at a time, so a cluster runs the job once per `everyMs`, whichever
 * instance's timer comes first (docs/deployment.md: one instance runs each scheduled job).
 */
export async function claimRetentionTurn(db: Db, everyMs: number, now = new Date()): Promise<boolean> {
  const next = new Date(now.getTime() + everyMs).toISOString();
  const rows = await queryRows(
    db,
    z.object({ key: z.string() }),
    sql`INSERT INTO meta (key, value) VALUES ('retention_next_run', ${next})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value
        WHERE meta.value::timestamptz <= ${now.toISOString()}::timestamptz
      RETURNING key`,
  );
  return rows.length > 0;
}

/** When the job would anonymise one traveller (its last activity + the period), or null if gone. */
export async function retainedUntil(db: Db, travelerId: string, months: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    z.object({ until: z.coerce.date() }),
    sql`SELECT ${lastActivitySql} + make_interval(months => ${months}::int) AS until
      FROM travelers t WHERE t.id = ${travelerId}::uuid`,
  );
  return row ? row.until.toISOString() : null;
}
