/**
 * Migrations over existing data (rows inserted here straight into the tables, as an older server
 * did), each run twice (the second run changes nothing more):
 * - 0005 moves existing data into the lifecycle: status, schedule and timeline;
 * - 0014 removes the stored 'created' events (the timeline derives them) without the highest
 *   change_seq going back.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { TEST_POST_ID } from '../../test/harness.ts';
import { maxChangeSeq } from '../sync/pull.ts';

const h = fileHarness(undefined, { reset: false });

/** The data statements (UPDATE, INSERT, WITH) of a migration file. */
function dataStatements(file: string): string[] {
  const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => /^(UPDATE|INSERT|WITH)/.test(s));
}

async function legacyTraveler(status: string) {
  const id = randomUUID();
  await h.database.db.execute(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, status, change_seq, entry_post_id)
    VALUES (${id}, 'Legacy', 'B1234567', 'VN', '2026-11-01', ${status}, nextval('change_seq'), ${TEST_POST_ID}::uuid)`);
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
      for (const statement of dataStatements('0005_traveler-lifecycle.sql'))
        await h.database.db.execute(sql.raw(statement));
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

describe('migration 0014 on existing data', () => {
  it("removes the stored 'created' events, keeps the others, and the highest change_seq does not go back", async () => {
    const id = await legacyTraveler('pending');
    for (const kind of ['note', 'created']) {
      await h.database.db.execute(sql`INSERT INTO traveler_events (id, traveler_id, kind, occurred_at, note, change_seq)
        VALUES (${randomUUID()}, ${id}, ${kind}, now(), 'x', nextval('change_seq'))`);
    }
    const highest = () => maxChangeSeq(h.database.db);
    const before = await highest();
    // Until the migration runs, the stored event is shown and no derived one next to it.
    const timeline = async () => {
      const { headers } = await h.user('officer');
      const res = await h.app.inject({ url: `/api/travelers/${id}/events`, headers });
      return res.json().items.map((e: { kind: string }) => e.kind);
    };
    expect((await timeline()).sort()).toEqual(['created', 'note']);
    for (let run = 0; run < 2; run++) {
      for (const statement of dataStatements('0014_derived-created-events.sql'))
        await h.database.db.execute(sql.raw(statement));
    }
    const events = await h.database.db.execute(
      sql`SELECT kind FROM traveler_events WHERE traveler_id = ${id}`,
    );
    expect(events.rows.map((e) => e.kind)).toEqual(['note']);
    expect(await highest()).toBeGreaterThan(before);
    expect(await timeline()).toEqual(['created', 'note']);
  });
});
