/** Duplicate guard, deletes with a reason and their rights, the admin's deleted list and restore. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { travelerPayload as traveler } from '../../test/payloads.ts';

const h = fileHarness();
let officer: Record<string, string>;
beforeEach(async () => {
  officer = (await h.user()).headers;
});

async function create(headers: Record<string, string>, over: Record<string, unknown> = {}) {
  const res = await h.app.inject({ method: 'POST', url: '/api/travelers', headers, payload: traveler(over) });
  return { status: res.statusCode, body: res.json() };
}
const remove = (headers: Record<string, string>, id: string, query: string) =>
  h.app.inject({ method: 'DELETE', url: `/api/travelers/${id}?${query}`, headers });
const push = async (headers: Record<string, string>, mutations: unknown[]) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers,
    payload: { clientId: `device-${randomUUID()}`, mutations },
  });
  return res.json().results;
};
const syncCreate = (seq: number, data: Record<string, unknown>) => {
  const { id, ...rest } = traveler(data);
  return { seq, table: 'travelers', op: 'create', id, baseVersion: null, data: rest };
};

describe('duplicate guard (same passport and nationality, entry dates within one day)', () => {
  it('REST: 409 naming the existing traveller; two days apart, another nationality or deleted is fine', async () => {
    const first = await create(officer, { passportNo: 'C1234567' });
    const next = await create(officer, { passportNo: 'C1234567', entryDate: '2026-11-21' });
    expect(next.status).toBe(409);
    expect(next.body.error.details.duplicateOf).toMatchObject({ id: first.body.id, entryDate: '2026-11-20' });
    const before = await create(officer, { passportNo: 'C1234567', entryDate: '2026-11-19' });
    expect(before.status).toBe(409);
    expect((await create(officer, { passportNo: 'C1234567', entryDate: '2026-11-22' })).status).toBe(201);
    expect((await create(officer, { passportNo: 'C1234567', nationality: 'JP' })).status).toBe(201);
    expect((await remove(officer, first.body.id, 'version=1')).statusCode).toBe(200);
    // The deleted registration no longer counts (11-22 is two days away).
    expect((await create(officer, { passportNo: 'C1234567', entryDate: '2026-11-20' })).status).toBe(201);
  });

  it('REST update: moving the entry date next to another registration is 409; its own is fine', async () => {
    await create(officer, { passportNo: 'C1234567', entryDate: '2026-11-20' });
    const other = await create(officer, { passportNo: 'C1234567', entryDate: '2026-11-25' });
    const { id, ...rest } = traveler({ passportNo: 'C1234567' });
    const put = (entryDate: string, version: number) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/travelers/${other.body.id}`,
        headers: officer,
        payload: { ...rest, entryDate, version },
      });
    expect((await put('2026-11-26', 1)).statusCode).toBe(200);
    const moved = await put('2026-11-21', 2);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.details.duplicateOf.entryDate).toBe('2026-11-20');
  });

  it('sync: a duplicate create is rejected with the reason, also within one batch', async () => {
    await create(officer, { passportNo: 'C1234567' });
    const results = await push(officer, [
      syncCreate(1, { passportNo: 'C1234567', entryDate: '2026-11-21' }),
      syncCreate(2, { passportNo: 'D1234567' }),
      syncCreate(3, { passportNo: 'D1234567', entryDate: '2026-11-21' }),
    ]);
    expect(results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'applied', 'rejected']);
    expect(results[0].errors).toEqual([{ field: 'passportNo', code: 'traveler.errors.duplicate' }]);
    const count = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM travelers`);
    expect(count.rows[0]?.n).toBe(2);
  });
});

describe('delete: reason, rights, tombstone', () => {
  it('keeps the reason in the audit trail (REST and sync) and hides the traveller', async () => {
    const a = await create(officer, { passportNo: 'C1234567' });
    const b = await create(officer, { passportNo: 'D1234567' });
    expect((await remove(officer, a.body.id, 'version=1&reason=Registered%20twice')).statusCode).toBe(200);
    const [result] = await push(officer, [
      {
        seq: 1,
        table: 'travelers',
        op: 'delete',
        id: b.body.id,
        baseVersion: 1,
        data: { reason: 'Wrong flight' },
      },
    ]);
    expect(result.status).toBe('applied');
    const audit = await h.database.db.execute(
      sql`SELECT entity_id, details->>'reason' AS reason FROM audit_events WHERE action = 'traveler.delete' ORDER BY id`,
    );
    expect(audit.rows.map((r) => [r.entity_id, r.reason])).toEqual([
      [a.body.id, 'Registered twice'],
      [b.body.id, 'Wrong flight'],
    ]);
    const list = await h.app.inject({ url: '/api/travelers', headers: officer });
    expect(list.json().total).toBe(0);
  });

  it('an officer deletes only their own travellers of the last 24 h; an admin anything', async () => {
    const mine = await create(officer, { passportNo: 'C1234567' });
    const old = await create(officer, { passportNo: 'D1234567' });
    const theirs = await create((await h.user()).headers, { passportNo: 'E1234567' });
    await h.database.db.execute(
      sql`UPDATE travelers SET created_at = now() - interval '25 hours' WHERE id = ${old.body.id}`,
    );
    const denied = await remove(officer, theirs.body.id, 'version=1');
    expect(denied.statusCode).toBe(403);
    expect((await remove(officer, old.body.id, 'version=1')).statusCode).toBe(403);
    const [syncDenied] = await push(officer, [
      { seq: 1, table: 'travelers', op: 'delete', id: theirs.body.id, baseVersion: 1, data: null },
    ]);
    expect(syncDenied).toMatchObject({ status: 'rejected' });
    expect(syncDenied.errors).toContainEqual({ code: 'traveler.errors.deleteNotAllowed' });
    expect((await remove(officer, mine.body.id, 'version=1')).statusCode).toBe(200);
    const admin = (await h.user('admin')).headers;
    expect((await remove(admin, theirs.body.id, 'version=1')).statusCode).toBe(200);
    expect((await remove(admin, old.body.id, 'version=1')).statusCode).toBe(200);
  });

  it('the officer who deleted may undo (sync update of the tombstone); another officer may not', async () => {
    const mine = await create(officer, { passportNo: 'C1234567' });
    await remove(officer, mine.body.id, 'version=1');
    const { id, ...data } = traveler({ passportNo: 'C1234567' });
    const undo = { seq: 1, table: 'travelers', op: 'update', id: mine.body.id, baseVersion: 2, data };
    const [denied] = await push((await h.user()).headers, [undo]);
    expect(denied.status).toBe('rejected');
    const [undone] = await push(officer, [undo]);
    expect(undone).toMatchObject({ status: 'applied', version: 3 });
    const got = await h.app.inject({ url: `/api/travelers/${mine.body.id}`, headers: officer });
    expect(got.json()).toMatchObject({ deletedAt: null, version: 3 });
  });
});

describe('admin: deleted travellers and restore', () => {
  it('lists tombstones with reason and who deleted; restores one (409 on a stale version)', async () => {
    const admin = await h.user('admin');
    const a = await create(officer, { passportNo: 'C1234567' });
    await remove(admin.headers, a.body.id, 'version=1&reason=Test%20entry');
    expect((await h.app.inject({ url: '/api/travelers/deleted', headers: officer })).statusCode).toBe(403);
    const list = await h.app.inject({ url: '/api/travelers/deleted', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        reason: 'Test entry',
        deletedBy: admin.id,
        traveler: expect.objectContaining({ id: a.body.id, version: 2 }),
      }),
    ]);
    const restore = (version: number) =>
      h.app.inject({
        method: 'POST',
        url: `/api/travelers/${a.body.id}/restore`,
        headers: admin.headers,
        payload: { version },
      });
    expect((await restore(1)).statusCode).toBe(409);
    const restored = await restore(2);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: a.body.id,
      deletedAt: null,
      version: 3,
      passportNo: 'C1234567',
    });
    expect(
      (await h.app.inject({ url: '/api/travelers/deleted', headers: admin.headers })).json().items,
    ).toEqual([]);
    expect((await restore(3)).statusCode).toBe(404);
  });
});
