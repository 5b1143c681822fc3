/**
 * Migration 0016 on a database of the previous version (one post per server): the database is
 * migrated up to 0015, given travellers, a declaration, a timeline, check-ins and two accounts as
 * that version wrote them, then migrated to the end and started. Everything becomes one post's,
 * whose time zone the start takes from POST_TIME_ZONE; nothing is lost; the officer works there.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../db/client.ts';
import { migrationsFolder } from '../../paths.ts';
import { resolveScope } from './scope.ts';
import { applyPostFromSettings } from './seed.ts';
import { forgetPosts, listPosts } from './store.ts';

/** The migrations folder as the previous version shipped it (the journal ends before 0016). */
function previousVersionFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bh-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = z
    .looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(journalPath, 'utf8')));
  journal.entries = journal.entries.filter((e) => e.tag < '0016');
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migration 0016 (points of entry) on a database of the previous version', () => {
  it('makes one post of it with every record, assigns its officers, and takes the time zone at start', async () => {
    // The previous version's database, on disk where openDatabase (the server's) finds it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-0016-'));
    const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { btree_gin, pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: previousVersionFolder() });
    const admin = '11111111-1111-4111-8111-111111111111';
    const officer = '22222222-2222-4222-8222-222222222222';
    const t1 = '33333333-3333-4333-8333-333333333333';
    const t2 = '44444444-4444-4444-8444-444444444444';
    await db.execute(sql`INSERT INTO users (id, email, name, role, password_hash) VALUES
      (${admin}, 'a@test.vn', 'Admin', 'admin', 'x'), (${officer}, 'o@test.vn', 'Officer', 'officer', 'x')`);
    for (const id of [t1, t2]) {
      await db.execute(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, status, change_seq)
        VALUES (${id}, 'Legacy', ${`B${id.slice(0, 7).replace(/\D/g, '1')}`}, 'VN', '2026-11-01', 'declared', nextval('change_seq'))`);
    }
    await db.execute(sql`INSERT INTO health_declarations (id, traveler_id, full_name, passport_number,
        phone, body_temperature, vaccination_status, symptoms, contact_history, risk_zones, commitment,
        system_mode, risk_score, risk_level, risk_factors, rule_version, change_seq)
      VALUES (${t1}, ${t1}, 'Legacy', 'B1234567', '0912345678', 36.5, 'full', '{}', '{}', '[]', true,
        'pandemic', 0, 'low', '[]', 'risk-v1', nextval('change_seq'))`);
    await db.execute(sql`INSERT INTO traveler_events (id, traveler_id, kind, occurred_at, note, change_seq)
      VALUES (gen_random_uuid(), ${t1}, 'note', now(), 'kept', nextval('change_seq'))`);
    await db.execute(sql`INSERT INTO check_ins (id, traveler_id, date, checked_at, temperature, symptoms, change_seq)
      VALUES (gen_random_uuid(), ${t2}, '2026-11-02', now(), 36.6, '{}', nextval('change_seq'))`);
    const seqBefore = await db.execute(sql`SELECT last_value FROM change_seq`);
    await client.close();

    // The server starts on it: migrations to the end, then the start's settings.
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    const next = database.db;
    await applyPostFromSettings(next, 'Asia/Tokyo');

    const posts = await listPosts(next);
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post).toMatchObject({ code: 'POST', kind: 'airport', timeZone: 'Asia/Tokyo', closedAt: null });
    const owned = await next.execute(sql`
      SELECT (SELECT count(*) FROM travelers WHERE entry_post_id = ${post?.id}) AS travelers,
        (SELECT count(*) FROM health_declarations WHERE post_id = ${post?.id}) AS declarations,
        (SELECT count(*) FROM traveler_events WHERE post_id = ${post?.id}) AS events,
        (SELECT count(*) FROM check_ins WHERE post_id = ${post?.id}) AS check_ins,
        (SELECT last_value FROM change_seq) AS seq`);
    expect(owned.rows[0]).toMatchObject({ travelers: 2, declarations: 1, events: 1, check_ins: 1 });
    // No change number moved: the devices' cursors stay right (they re-pull for their scope).
    expect(owned.rows[0]?.seq).toBe(seqBefore.rows[0]?.last_value);
    const officerScope = await resolveScope(next, officer, 'officer', null);
    expect(officerScope).toMatchObject({ role: 'officer', postId: post?.id, readPosts: [post?.id] });
    const adminScope = await resolveScope(next, admin, 'admin', null);
    expect(adminScope).toMatchObject({ role: 'admin', readPosts: null, postId: post?.id });
    // Once only: a second start leaves the post's zone as it is.
    forgetPosts();
    await applyPostFromSettings(next, 'Asia/Ho_Chi_Minh');
    expect((await listPosts(next))[0]?.timeZone).toBe('Asia/Tokyo');
    await database.close();
  });

  it('gives a fresh database no post', async () => {
    const client = new PGlite({ extensions: { btree_gin, pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder });
    const rows = await db.execute(sql`SELECT count(*)::int AS n FROM posts`);
    expect(rows.rows[0]?.n).toBe(0);
    await client.close();
  });
});
