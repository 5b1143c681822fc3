import { auditPageSchema } from '@bh/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { travelerPayload } from '../../test/payloads.ts';

const h = fileHarness();
let admin: { id: string; headers: { authorization: string } };
beforeEach(async () => {
  admin = await h.user('admin');
});

const page = async (query: string) => {
  const res = await h.app.inject({ url: `/api/audit?${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return auditPageSchema.parse(res.json());
};

/** Creates a traveller as `headers`' user, then renames it twice: three audit entries. */
let made = 0;
async function travelerWithHistory(headers: Record<string, string>) {
  // A new passport each time: one passport twice within a day is refused as a duplicate.
  const body = travelerPayload({ fullName: 'Lê Văn C', passportNo: `B${4_000_000 + made++}` });
  await h.app.inject({ method: 'POST', url: '/api/travelers', headers, payload: body });
  const { id: _id, ...fields } = body;
  for (const [version, fullName] of [
    [1, 'Lê Văn D'],
    [2, 'Lê Văn E'],
  ] as const) {
    const res = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${body.id}`,
      headers,
      payload: { ...fields, fullName, version },
    });
    expect(res.statusCode).toBe(200);
  }
  return body.id;
}

describe('audit viewer API', () => {
  it('is for admins only', async () => {
    const officer = await h.user('officer');
    expect((await h.app.inject({ url: '/api/audit', headers: officer.headers })).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/audit' })).statusCode).toBe(401);
  });

  it('shows old and new values of each change, newest first', async () => {
    const officer = await h.user('officer');
    const id = await travelerWithHistory(officer.headers);
    const { items } = await page(`travelerId=${id}`);
    expect(items.map((e) => [e.action, e.oldVersion, e.newVersion])).toEqual([
      ['traveler.update', 2, 3],
      ['traveler.update', 1, 2],
      ['traveler.create', null, 1],
    ]);
    expect(items[0]).toMatchObject({ userId: officer.id, userName: 'Test officer', entityId: id });
    expect(items[0]?.oldValues).toMatchObject({ fullName: 'Lê Văn D', version: 2 });
    expect(items[0]?.newValues).toMatchObject({ fullName: 'Lê Văn E', version: 3 });
    expect(items[1]?.oldValues).toMatchObject({ fullName: 'Lê Văn C' });
    expect(items[1]?.newValues).toMatchObject({ fullName: 'Lê Văn D' });
    expect(items[2]?.newValues).toMatchObject({ fullName: 'Lê Văn C' });
    expect(items[0]?.newValues).not.toHaveProperty('passportNo');
  });

  it('pages with a keyset cursor and filters by user, action and time', async () => {
    const officer = await h.user('officer');
    const id = await travelerWithHistory(officer.headers);
    await travelerWithHistory(admin.headers);
    const first = await page('limit=4');
    expect(first.items).toHaveLength(4);
    expect(first.nextCursor).toBe(first.items[3]?.id);
    const second = await page(`limit=4&cursor=${first.nextCursor}`);
    expect(second.items.length).toBeGreaterThan(0);
    expect(Math.max(...second.items.map((e) => e.id))).toBeLessThan(first.nextCursor ?? 0);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);

    const byUser = await page(`userId=${officer.id}`);
    expect(byUser.items.map((e) => e.entityId)).toEqual([id, id, id]);
    expect((await page('action=traveler.update')).items).toHaveLength(4);
    expect((await page('action=traveler')).items).toHaveLength(6);
    expect((await page('action=travel')).items).toHaveLength(0);
    expect((await page('from=2999-01-01T00:00:00Z')).items).toHaveLength(0);
    expect((await page('to=2000-01-01T00:00:00Z')).items).toHaveLength(0);
  });

  it('refuses a reversed time range with a translated key', async () => {
    const res = await h.app.inject({
      url: '/api/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({ field: 'to', code: 'validation.date_range' });
  });

  it('exports the filtered trail as CSV', async () => {
    const id = await travelerWithHistory(admin.headers);
    const res = await h.app.inject({ url: `/api/audit?format=csv&travelerId=${id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,userId,userName,ip,action,entity,entityId,oldVersion,newVersion,oldValues,newValues,details',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('traveler.update');
  });
});
