/**
 * Migration 0005 moves existing data into the lifecycle: rows written before it (inserted here
 * straight into the tables, as an older server did) get their status, schedule and timeline when
 * the migration's data statements run; running them twice changes nothing more.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths.ts';
import { fileHarness } from '../../test/file-harness.ts';

const h = fileHarness(undefined, { reset: false });

/** The UPDATE and INSERT statements of the migration (its data part). */
function dataStatements(): string[] {
  const text = readFileSync(path.join(migrationsFolder, '0005_traveler-lifecycle.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => /^(UPDATE|INSERT)/.test(s));
}

async function legacyTraveler(status: string) {
  const id = randomUUID();
  await h.database.db.execute(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, status, change_seq)
    VALUES (${id}, 'Legacy', 'B1234567', 'VN', '2026-11-01', ${status}, nextval('change_seq'))`);
  return id;
}

describe('migration 0005 on existing data', () => {
  it('declares travellers with a declaration, schedules quarantines, backfills the timeline, once', async () => {
    const declared = await legacyTraveler('pending');
    const quarantined = await legacyTraveler('quarantine');
    const waiting = await legacyTraveler('pending');
    await h.database.db.execute(sql`INSERT INTO health_declarations (id, traveler_id, full_name, passport_number,
        phone, body_temperature, vaccination_status, symptoms, contact_history, risk_zones, commitment,
        system_mode, risk_score, risk_level, risk_factors, rule_version, change_seq)
      VALUES (${declared}, ${declared}, 'Legacy', 'B1234567', '0912345678', 36.5, 'full', '{}', '{}', '[]', true,
        'pandemic', 0, 'low', '[]', 'risk-v1', nextval('change_seq'))`);
    for (let run = 0; run < 2; run++) {
      for (const statement of dataStatements()) await h.database.db.execute(sql.raw(statement));
    }
    const rows = await h.database.db.execute(
      sql`SELECT id::text AS id, status, quarantine_start IS NOT NULL AS scheduled, quarantine_days FROM travelers`,
    );
    const byId = new Map(rows.rows.map((r) => [String(r.id), r]));
    expect(byId.get(declared)).toMatchObject({ status: 'declared', scheduled: false });
    expect(byId.get(quarantined)).toMatchObject({
      status: 'quarantine',
      scheduled: true,
      quarantine_days: 14,
    });
    expect(byId.get(waiting)).toMatchObject({ status: 'pending', scheduled: false });
    const events = await h.database.db.execute(
      sql`SELECT traveler_id::text AS t, kind FROM traveler_events ORDER BY kind, traveler_id`,
    );
    const kinds = (id: string) => events.rows.filter((e) => e.t === id).map((e) => e.kind);
    expect(kinds(declared)).toEqual(['created', 'declared']);
    expect(kinds(quarantined)).toEqual(['created']);
    expect(kinds(waiting)).toEqual(['created']);
  });
});
