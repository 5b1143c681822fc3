/**
 * Points of entry (issue 32): posts, scoped reads and writes, scoped pulls, transfers and the
 * duplicate guard across posts. Officers of the harness work at TEST_POST_ID ("TST"); the other
 * post is OTHER_POST_ID ("OTH", another province).
 */
import { randomUUID } from 'node:crypto';
import { type PullResponse, travelerSchema } from '@bh/shared';
import { declarationPayload } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { OTHER_POST_ID, TEST_POST_ID } from '../../test/harness.ts';
import { syncPush, travelerData, travelerPayload } from '../../test/payloads.ts';

const h = fileHarness();
type Headers = Record<string, string>;

const officerAt = (postId: string) => h.user('officer', [{ role: 'officer', postId, province: null }]);

async function register(headers: Headers, over: Record<string, unknown> = {}) {
  const body = travelerPayload({
    passportNo: `B${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    ...over,
  });
  const res = await h.app.inject({ method: 'POST', url: '/api/travelers', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const t = travelerSchema.parse(res.json());
  return { id: t.id, version: t.version, entryPostId: t.entryPostId ?? '' };
}

async function pullAll(headers: Headers, cursor = 0) {
  const changes: PullResponse['changes'] = [];
  let scope: string | undefined;
  for (;;) {
    const res = await h.app.inject({ url: `/api/sync/pull?cursor=${cursor}&limit=50`, headers });
    expect(res.statusCode).toBe(200);
    const page: PullResponse = res.json();
    changes.push(...page.changes);
    scope = page.scope;
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, scope };
  }
}

describe('posts', () => {
  it('lists posts to any signed-in user; admins create, rename and close them', async () => {
    const officer = await h.user('officer');
    const admin = await h.user('admin');
    const list = await h.app.inject({ url: '/api/posts', headers: officer.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { code: string }) => p.code)).toEqual(['OTH', 'TST']);
    const body = {
      code: 'DAD',
      name: { vi: 'Sân bay Đà Nẵng', en: 'Da Nang Airport', ja: 'ダナン空港' },
      kind: 'airport',
      province: 'Đà Nẵng',
      timeZone: 'Asia/Ho_Chi_Minh',
    };
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/posts', headers: officer.headers, payload: body }))
        .statusCode,
    ).toBe(403);
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: admin.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: admin.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: admin.headers,
      payload: { ...body, code: 'x', timeZone: 'Mars/Base' },
    });
    expect(bad.statusCode).toBe(400);
    const { post } = created.json();
    const closed = await h.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: admin.headers,
      payload: {
        version: post.version,
        closed: true,
        name: { ...body.name, en: 'Da Nang International Airport' },
      },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().post).toMatchObject({ code: 'DAD', name: { en: 'Da Nang International Airport' } });
    expect(closed.json().post.closedAt).not.toBeNull();
    const stale = await h.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: admin.headers,
      payload: { version: post.version, closed: false },
    });
    expect(stale.statusCode).toBe(409);
    const open = await h.app.inject({ url: '/api/posts/public' });
    expect(open.json().items.map((p: { code: string }) => p.code)).toEqual(['OTH', 'TST']);
  });
});

describe('scope', () => {
  it('keeps each post to its own travellers: reads, lists, writes and pulls', async () => {
    const here = await officerAt(TEST_POST_ID);
    const there = await officerAt(OTHER_POST_ID);
    const mine = await register(here.headers);
    expect(mine.entryPostId).toBe(TEST_POST_ID);
    const theirs = await register(there.headers);
    expect(theirs.entryPostId).toBe(OTHER_POST_ID);

    expect(
      (await h.app.inject({ url: `/api/travelers/${theirs.id}`, headers: here.headers })).statusCode,
    ).toBe(404);
    const list = await h.app.inject({ url: '/api/travelers', headers: here.headers });
    expect(list.json().items.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${theirs.id}`,
      headers: here.headers,
      payload: { ...travelerData(), version: theirs.version },
    });
    expect(put.statusCode).toBe(404);
    const declare = await h.app.inject({
      method: 'POST',
      url: '/api/health-declarations',
      headers: here.headers,
      payload: declarationPayload(theirs.id),
    });
    expect(declare.statusCode).toBe(404);
    expect(
      (await h.app.inject({ url: `/api/travelers/${theirs.id}/events`, headers: here.headers })).statusCode,
    ).toBe(404);

    // A pushed write to another post's traveller is a failed item with the reason.
    const pushed = await h.app.inject(
      syncPush(here.headers, randomUUID(), [
        {
          seq: 1,
          table: 'travelers',
          op: 'update',
          id: theirs.id,
          baseVersion: theirs.version,
          data: travelerData(),
        },
        {
          seq: 2,
          table: 'travelers',
          op: 'create',
          id: randomUUID(),
          baseVersion: null,
          data: travelerData({ passportNo: 'C7654321', entryPostId: OTHER_POST_ID }),
        },
      ]),
    );
    expect(pushed.statusCode).toBe(200);
    const results = pushed.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results[0].errors).toEqual([{ code: 'post.errors.outOfScope' }]);

    // Each post's devices pull their own post's travellers only.
    const pulled = await pullAll(here.headers);
    expect(pulled.scope).toBe(`post:${TEST_POST_ID}`);
    const travelerIds = pulled.changes.filter((c) => c.table === 'travelers').map((c) => c.record.id);
    expect(travelerIds).toEqual([mine.id]);
    const admin = await h.user('admin');
    const all = await pullAll(admin.headers);
    expect(all.scope).toBe('all');
    expect(all.changes.filter((c) => c.table === 'travelers')).toHaveLength(2);
  });

  it('an analyst reads the province, writes nothing; an unassigned account sees nothing', async () => {
    const here = await officerAt(TEST_POST_ID);
    const there = await officerAt(OTHER_POST_ID);
    const mine = await register(here.headers);
    await register(there.headers);
    const analyst = await h.user('officer', [{ role: 'analyst', postId: null, province: 'Hà Nội' }]);
    const list = await h.app.inject({ url: '/api/travelers', headers: analyst.headers });
    expect(list.json().items.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    const write = await h.app.inject({
      method: 'POST',
      url: '/api/travelers',
      headers: analyst.headers,
      payload: travelerPayload(),
    });
    expect(write.statusCode).toBe(400);
    expect(write.json().error.details).toEqual([{ code: 'post.errors.noPost' }]);
    const report = await h.app.inject({
      url: '/api/reports/daily?date=2026-11-20',
      headers: analyst.headers,
    });
    expect(report.json().arrivals).toBe(1);
    const nobody = await h.user('officer', []);
    expect((await h.app.inject({ url: '/api/travelers', headers: nobody.headers })).json().items).toEqual([]);
    expect((await pullAll(nobody.headers)).changes.filter((c) => c.table === 'travelers')).toEqual([]);
  });

  it('reports count the caller post; another post asked for is 404, an admin may ask for any', async () => {
    const here = await officerAt(TEST_POST_ID);
    const there = await officerAt(OTHER_POST_ID);
    await register(here.headers);
    await register(there.headers);
    await register(there.headers);
    const daily = (headers: Headers, extra = '') =>
      h.app.inject({ url: `/api/reports/daily?date=2026-11-20${extra}`, headers });
    expect((await daily(here.headers)).json().arrivals).toBe(1);
    expect((await daily(there.headers)).json().arrivals).toBe(2);
    expect((await daily(here.headers, `&postId=${OTHER_POST_ID}`)).statusCode).toBe(404);
    const admin = await h.user('admin');
    expect((await daily(admin.headers)).json().arrivals).toBe(3);
    expect((await daily(admin.headers, `&postId=${OTHER_POST_ID}`)).json().arrivals).toBe(2);
  });
});

describe('server-written records', () => {
  it("the timeline entries the server adds (declared) reach the post's devices", async () => {
    const here = await officerAt(TEST_POST_ID);
    const t = await register(here.headers);
    const declared = await h.app.inject({
      method: 'POST',
      url: '/api/health-declarations',
      headers: here.headers,
      payload: declarationPayload(t.id),
    });
    expect(declared.statusCode).toBe(201);
    const kinds = (await pullAll(here.headers)).changes
      .filter((c) => c.table === 'travelerEvents')
      .map((c) => c.record.kind);
    expect(kinds).toEqual(['declared']);
  });
});

describe('transfers', () => {
  it('move a traveller and its records to the other post: one device drops it, the other pulls it', async () => {
    const here = await officerAt(TEST_POST_ID);
    const there = await officerAt(OTHER_POST_ID);
    const t = await register(here.headers);
    const declared = await h.app.inject({
      method: 'POST',
      url: '/api/health-declarations',
      headers: here.headers,
      payload: declarationPayload(t.id),
    });
    expect(declared.statusCode).toBe(201);
    const before = await pullAll(here.headers);
    const thereBefore = await pullAll(there.headers);
    expect(thereBefore.changes.some((c) => c.record.id === t.id)).toBe(false);

    const bad = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${t.id}/transfer`,
      headers: here.headers,
      payload: { postId: TEST_POST_ID, reason: 'same' },
    });
    expect(bad.statusCode).toBe(422);
    const outsider = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${t.id}/transfer`,
      headers: there.headers,
      payload: { postId: OTHER_POST_ID, reason: 'not mine' },
    });
    expect(outsider.statusCode).toBe(404);
    const moved = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${t.id}/transfer`,
      headers: here.headers,
      payload: { postId: OTHER_POST_ID, reason: 'Quarantine facility at the border' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const afterHere = await pullAll(here.headers, before.cursor);
    expect(afterHere.changes).toEqual([{ table: 'travelers', departed: true, record: { id: t.id } }]);
    const afterThere = await pullAll(there.headers, thereBefore.cursor);
    const tables = afterThere.changes.map((c) => `${c.table}:${String(c.record.kind ?? '')}`).sort();
    expect(tables).toEqual([
      'healthDeclarations:',
      'travelerEvents:declared',
      'travelerEvents:transferred',
      'travelers:',
    ]);
    const record = afterThere.changes.find((c) => c.table === 'travelers')?.record;
    expect(record).toMatchObject({ id: t.id, entryPostId: OTHER_POST_ID, version: t.version + 2 });
    expect((await h.app.inject({ url: `/api/travelers/${t.id}`, headers: there.headers })).statusCode).toBe(
      200,
    );
    expect((await h.app.inject({ url: `/api/travelers/${t.id}`, headers: here.headers })).statusCode).toBe(
      404,
    );
    // A fresh device of the old post gets nothing of it but the departure (it may hold what it
    // pushed before its first pull); of the new one, sees it once.
    expect((await pullAll(here.headers)).changes.filter((c) => c.record.id === t.id)).toEqual([
      { table: 'travelers', departed: true, record: { id: t.id } },
    ]);
    expect((await pullAll(there.headers)).changes.filter((c) => c.record.id === t.id)).toHaveLength(2);
  });
});

describe('duplicate guard across posts', () => {
  it('refuses the same passport at another post, naming the post and nothing of the traveller', async () => {
    const here = await officerAt(TEST_POST_ID);
    const there = await officerAt(OTHER_POST_ID);
    await register(here.headers, { passportNo: 'B7777777', fullName: 'Trần Thị Hoa' });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/travelers',
      headers: there.headers,
      payload: travelerPayload({ passportNo: 'B7777777' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain('Trần Thị Hoa');
    expect(res.json().error.details).toEqual({
      errors: [{ field: 'passportNo', code: 'traveler.errors.duplicateAtPost', params: { post: 'TST' } }],
    });
    const pushed = await h.app.inject(
      syncPush(there.headers, randomUUID(), [
        {
          seq: 1,
          table: 'travelers',
          op: 'create',
          id: randomUUID(),
          baseVersion: null,
          data: travelerData({ passportNo: 'B7777777' }),
        },
      ]),
    );
    expect(pushed.json().results[0].errors).toEqual([
      { field: 'passportNo', code: 'traveler.errors.duplicateAtPost', params: { post: 'TST' } },
    ]);
  });
});

describe('sessions', () => {
  it('an officer at two posts picks one at sign-in and switches', async () => {
    const two = await h.user('officer', [
      { role: 'officer', postId: TEST_POST_ID, province: null },
      { role: 'supervisor', postId: OTHER_POST_ID, province: null },
    ]);
    const scope = () => h.app.inject({ url: '/api/sync/pull?cursor=0&limit=1', headers: two.headers });
    expect((await scope()).json().scope).toBe(`post:${OTHER_POST_ID}`);
    const switched = await h.app.inject({
      method: 'POST',
      url: '/api/auth/post',
      headers: two.headers,
      payload: { postId: TEST_POST_ID },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({
      role: 'officer',
      postId: TEST_POST_ID,
      key: `post:${TEST_POST_ID}`,
    });
    expect((await scope()).json().scope).toBe(`post:${TEST_POST_ID}`);
    const elsewhere = await h.app.inject({
      method: 'POST',
      url: '/api/auth/post',
      headers: two.headers,
      payload: { postId: randomUUID() },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('supervisors', () => {
  it('correct a status at their post; an officer may not', async () => {
    const officer = await officerAt(TEST_POST_ID);
    const supervisor = await h.user('officer', [
      { role: 'supervisor', postId: TEST_POST_ID, province: null },
    ]);
    const t = await register(officer.headers);
    const correct = (headers: Headers) =>
      h.app.inject({
        method: 'POST',
        url: `/api/travelers/${t.id}/events`,
        headers,
        payload: {
          id: randomUUID(),
          occurredAt: new Date().toISOString(),
          kind: 'status_changed',
          toStatus: 'cleared',
          correction: true,
          reason: 'Cleared by the port doctor on paper',
        },
      });
    expect((await correct(officer.headers)).statusCode).toBe(422);
    expect((await correct(supervisor.headers)).statusCode).toBe(201);
  });
});
