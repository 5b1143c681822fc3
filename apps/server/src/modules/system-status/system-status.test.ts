import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { TEST_POST_ID } from '../../test/harness.ts';

const h = fileHarness();

async function addTraveler(entryDate: string, status: string, deleted = false) {
  await h.database.db.execute(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date,
    status, change_seq, deleted_at, entry_post_id)
    VALUES (${randomUUID()}, 'Test', 'B1234567', 'VN', ${entryDate}::date, ${status}, nextval('change_seq'),
      ${deleted ? new Date().toISOString() : null}::timestamptz, ${TEST_POST_ID}::uuid)`);
}

const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'PUT', url: '/api/system-status', headers, payload });

describe('GET /api/system-status', () => {
  it('needs a login', async () => {
    const res = await h.app.inject({ url: '/api/system-status' });
    expect(res.statusCode).toBe(401);
  });

  it('starts in pandemic mode with figures computed from real data', async () => {
    const officer = await h.user('officer');
    await h.user('admin');
    await addTraveler('2026-03-10', 'pending');
    await addTraveler('2026-03-10', 'quarantine');
    await addTraveler('2026-03-10', 'pending', true);
    await addTraveler('2026-03-09', 'pending');
    const res = await h.app.inject({ url: '/api/system-status?today=2026-03-10', headers: officer.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: 'current',
      mode: 'pandemic',
      statusText: '',
      version: 1,
      activeUsers: 2,
      todayEntries: 2,
      pendingCases: 2,
      quarantineCases: 1,
    });
    expect(body.systemUptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.lastUpdateTime)).not.toBeNaN();
    expect(Date.parse(body.updatedAt)).not.toBeNaN();
  });

  it('does not count revoked, expired or idle sessions as active users', async () => {
    const officer = await h.user('officer');
    const idle = await h.user('officer');
    await h.database.db.execute(
      sql`UPDATE sessions SET created_at = now() - interval '1 hour' WHERE user_id = ${idle.id}`,
    );
    const revoked = await h.user('officer');
    await h.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${revoked.id}`);
    const res = await h.app.inject({ url: '/api/system-status', headers: officer.headers });
    expect(res.json().activeUsers).toBe(1);
  });
});

describe('PUT /api/system-status', () => {
  it('refuses officers (403) and anonymous callers (401)', async () => {
    const officer = await h.user('officer');
    expect((await put(officer.headers, { mode: 'normal' })).statusCode).toBe(403);
    expect((await put({}, { mode: 'normal' })).statusCode).toBe(401);
  });

  it('lets an admin set any mode directly, bumping the version and keeping the status text', async () => {
    const admin = await h.user('admin');
    const first = await put(admin.headers, { mode: 'emergency', statusText: 'Storm at the border' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mode: 'emergency', statusText: 'Storm at the border', version: 2 });
    const second = await put(admin.headers, { mode: 'normal' });
    expect(second.json()).toMatchObject({ mode: 'normal', statusText: 'Storm at the border', version: 3 });
    const read = await h.app.inject({ url: '/api/system-status', headers: admin.headers });
    expect(read.json().mode).toBe('normal');
  });

  it('answers 409 with the server record when the given version is stale', async () => {
    const admin = await h.user('admin');
    await put(admin.headers, { mode: 'normal', version: 1 });
    const stale = await put(admin.headers, { mode: 'emergency', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.serverRecord).toMatchObject({ mode: 'normal', version: 2 });
  });

  it('rejects an unknown mode or extra fields (400)', async () => {
    const admin = await h.user('admin');
    expect((await put(admin.headers, { mode: 'party' })).statusCode).toBe(400);
    expect((await put(admin.headers, { mode: 'normal', activeUsers: 3 })).statusCode).toBe(400);
  });

  it('syncs the change (pull) and audits it', async () => {
    const admin = await h.user('admin');
    await put(admin.headers, { mode: 'normal' });
    const pulled = await h.app.inject({ url: '/api/sync/pull?cursor=0', headers: admin.headers });
    const change = pulled.json().changes.find((c: { table: string }) => c.table === 'systemStatus');
    expect(change.record).toMatchObject({ id: 'current', mode: 'normal', version: 2 });
    expect(await h.database.db.$count(auditEvents, eq(auditEvents.entity, 'system_status'))).toBe(1);
  });

  it('tells every user about a mode change with an unread notification at the front', async () => {
    const admin = await h.user('admin');
    const officer = await h.user('officer');
    await h.app.inject({ url: '/api/notifications', headers: officer.headers });
    await put(admin.headers, { mode: 'emergency' });
    const list = (await h.app.inject({ url: '/api/notifications', headers: officer.headers })).json();
    expect(list.items[0]).toMatchObject({
      title: 'notifications.modeChanged.title',
      message: 'notifications.modeChanged.message',
      params: { mode: 'emergency' },
      read: false,
    });
    expect(list.unreadCount).toBe(3);
  });
});
