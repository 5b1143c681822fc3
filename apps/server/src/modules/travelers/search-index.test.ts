/**
 * The in-memory search index (search-index.ts) answers as the SQL it replaces, through every kind
 * of write: new travellers, renames, deletions, transfers, status changes, a delta too long to
 * apply, a database that went back; a scope of every post; more travellers than it may hold; and
 * the search through the route, by name and passport, in every order.
 */
import { randomUUID } from 'node:crypto';
import { searchKey } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness, OTHER_POST_ID, TEST_POST_ID } from '../../test/harness.ts';
import { travelerPayload } from '../../test/payloads.ts';
import { type Matches, pageOf, SearchIndex } from './search-index.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const exec = (q: ReturnType<typeof sql>) => h.database.db.execute(q);

async function version(): Promise<number> {
  const res = await exec(sql`SELECT coalesce(max(change_seq), 0)::int AS v FROM travelers`);
  return Number(res.rows[0]?.v);
}

/**
 * What SQL finds: the live travellers of `posts` (null: every post) whose folded name holds
 * `key`, with that status or passport text when given.
 */
async function sqlIds(
  posts: string[] | null,
  key: string,
  more: { status?: string; passport?: string } = {},
): Promise<string[]> {
  const res = await exec(sql`SELECT id::text AS id FROM travelers
    WHERE ${posts ? sql`entry_post_id = ANY(${`{${posts.join(',')}}`}::uuid[])` : sql`true`} AND deleted_at IS NULL
      AND strpos(name_folded, ${key}) > 0 ${more.status ? sql`AND status = ${more.status}` : sql``}
      ${more.passport ? sql`AND strpos(lower(passport_no), ${more.passport}) > 0` : sql``}
    ORDER BY entry_date DESC, id DESC`);
  return res.rows.map((r) => String(r.id));
}

/** Every match in the listing's order (the posts' lists merged by pageOf). */
const idsOf = (found: Matches | null, order: 'asc' | 'desc' = 'desc') =>
  found ? pageOf(found, order, null, 0, Number.MAX_SAFE_INTEGER).map((e) => e.id) : null;

const FAMILIES = ['Nguyễn Văn', 'Trần Thị', 'Smith', 'Tanaka', 'Lê Văn'];
const POSTS = [TEST_POST_ID, OTHER_POST_ID];
/** One of `list` chosen by `n` (wrapping), never undefined. */
const pick = <T>(list: readonly T[], n: number): T => {
  const chosen = list[n % list.length];
  if (chosen === undefined) throw new Error('empty list');
  return chosen;
};

async function insert(id: string, name: string, post: string, day: number): Promise<void> {
  await exec(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, status, version,
      change_seq, entry_post_id)
    VALUES (${id}::uuid, ${name}, ${`P${id.slice(0, 8)}`}, 'VN', ${`2026-01-${String(1 + (day % 28)).padStart(2, '0')}`}::date,
      'pending', 1, nextval('change_seq'), ${post}::uuid)`);
}

describe('the names of searched posts, held in memory', () => {
  it('answers as the SQL through new travellers, renames, deletions, transfers and status changes', async () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const id = randomUUID();
      ids.push(id);
      await insert(id, `${FAMILIES[rand(5)]} ${rand(40)}`, pick(POSTS, rand(2)), rand(60));
    }
    const index = new SearchIndex(h.database.db);
    const keys = ['smith', 'van 1', 'tanaka 3', 'thi', 'nobody', '2'];
    const check = async () => {
      const v = await version();
      for (const name of keys) {
        for (const posts of [[TEST_POST_ID], [OTHER_POST_ID], POSTS, null]) {
          const held = idsOf(await index.matches({ posts, name }, v));
          expect(held, `${name} in ${posts?.length ?? 'every'} post(s)`).toEqual(await sqlIds(posts, name));
        }
        const quarantined = await index.matches({ posts: [TEST_POST_ID], name, status: 'quarantine' }, v);
        expect(idsOf(quarantined)).toEqual(await sqlIds([TEST_POST_ID], name, { status: 'quarantine' }));
        const passports = await index.matches({ posts: null, name, passport: 'p1' }, v);
        expect(idsOf(passports)).toEqual(await sqlIds(null, name, { passport: 'p1' }));
        // Oldest first, and pages after a cursor, over both posts' lists.
        const both = await index.matches({ posts: POSTS, name }, v);
        const all = await sqlIds(POSTS, name);
        expect(idsOf(both, 'asc')).toEqual([...all].reverse());
        if (both && both.total > 3) {
          const third = pageOf(both, 'desc', null, 2, 1)[0];
          if (!third) throw new Error('no third match');
          expect(pageOf(both, 'desc', third, 0, 4).map((e) => e.id)).toEqual(all.slice(3, 7));
          expect(pageOf(both, 'asc', third, 0, 2).map((e) => e.id)).toEqual(all.slice(0, 2).reverse());
          expect(pageOf(both, 'desc', null, 1, 2).map((e) => e.id)).toEqual(all.slice(1, 3));
        }
      }
    };
    await check();
    expect(index.stats.loads).toBe(2);
    for (let round = 0; round < 12; round++) {
      for (let n = 0; n < 8; n++) {
        const id = pick(ids, rand(ids.length));
        switch (rand(5)) {
          case 0: {
            const added = randomUUID();
            ids.push(added);
            await insert(added, `${FAMILIES[rand(5)]} ${rand(40)}`, pick(POSTS, rand(2)), rand(60));
            break;
          }
          case 1: // a rename (the trigger folds the new name)
            await exec(sql`UPDATE travelers SET full_name = ${`Smith ${rand(40)}`}, name_folded = NULL,
              version = version + 1, change_seq = nextval('change_seq') WHERE id = ${id}::uuid`);
            break;
          case 2:
            await exec(sql`UPDATE travelers SET deleted_at = now(), version = version + 1,
              change_seq = nextval('change_seq') WHERE id = ${id}::uuid`);
            break;
          case 3: // a transfer: the row names its new post
            await exec(sql`UPDATE travelers SET entry_post_id = ${pick(POSTS, rand(2))}::uuid,
              version = version + 1, change_seq = nextval('change_seq') WHERE id = ${id}::uuid`);
            break;
          default:
            await exec(sql`UPDATE travelers SET status = 'quarantine', entry_date = entry_date + 1,
              version = version + 1, change_seq = nextval('change_seq') WHERE id = ${id}::uuid`);
        }
      }
      await check();
    }
    // Deltas kept it up: the two posts were loaded once.
    expect(index.stats).toMatchObject({ loads: 2, resets: 0 });
  });

  it('answers searches that run at once with writes between them', async () => {
    for (let i = 0; i < 40; i++) await insert(randomUUID(), `Smith ${i}`, TEST_POST_ID, i);
    const index = new SearchIndex(h.database.db);
    const searches: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      await insert(randomUUID(), `Smith x${i}`, TEST_POST_ID, i);
      searches.push(index.matches({ posts: [TEST_POST_ID], name: 'smith' }, await version()));
      searches.push(index.matches({ posts: null, name: 'smith' }, await version()));
    }
    await Promise.all(searches);
    const held = await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, await version());
    expect(idsOf(held)).toEqual(await sqlIds([TEST_POST_ID], 'smith'));
    expect(held?.total).toBe(50);
    expect(index.stats.loads).toBe(1);
  });

  it('starts again after a delta too long to apply, and when the data went back', async () => {
    await insert(randomUUID(), 'Smith 0', TEST_POST_ID, 0);
    const index = new SearchIndex(h.database.db);
    expect((await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, await version()))?.total).toBe(1);
    // An import of 6,000: more than a delta is read for.
    await exec(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, status, version,
        change_seq, entry_post_id)
      SELECT gen_random_uuid(), 'Smith ' || i, 'P' || lpad(i::text, 8, '0'), 'VN', date '2026-01-01' + i % 30,
        'pending', 1, nextval('change_seq'), ${TEST_POST_ID}::uuid
      FROM generate_series(1, 6000) AS i`);
    const after = await index.matches({ posts: [TEST_POST_ID], name: 'smith 59' }, await version());
    expect(idsOf(after)).toEqual(await sqlIds([TEST_POST_ID], 'smith 59'));
    expect(index.stats).toMatchObject({ resets: 1, loads: 2 });
    // The same database restored to an older copy: the newest writes gone, the highest change
    // below what the index has seen.
    await exec(sql`DELETE FROM travelers WHERE change_seq > (SELECT min(change_seq) + 100 FROM travelers)`);
    const back = await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, await version());
    expect(idsOf(back)).toEqual(await sqlIds([TEST_POST_ID], 'smith'));
    expect(back?.total).toBe(101);
    expect(index.stats.resets).toBe(2);
  });

  it('answers a request that read the version before another one wrote, without starting again', async () => {
    await insert(randomUUID(), 'Smith 0', TEST_POST_ID, 0);
    const index = new SearchIndex(h.database.db);
    const before = await version();
    await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, before);
    await insert(randomUUID(), 'Smith 1', TEST_POST_ID, 1);
    // The later request first, then the one that read the older version.
    expect((await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, await version()))?.total).toBe(2);
    expect((await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, before))?.total).toBe(2);
    expect(index.stats).toMatchObject({ loads: 1, resets: 0 });
  });

  it('holds no more travellers than it may: a wider search is left to SQL', async () => {
    for (let i = 0; i < 30; i++)
      await insert(randomUUID(), `Smith ${i}`, i < 20 ? TEST_POST_ID : OTHER_POST_ID, i);
    const index = new SearchIndex(h.database.db, 25);
    const v = await version();
    expect((await index.matches({ posts: [TEST_POST_ID], name: 'smith' }, v))?.total).toBe(20);
    expect(await index.matches({ posts: POSTS, name: 'smith' }, v)).toBeNull();
    expect(await index.matches({ posts: null, name: 'smith' }, v)).toBeNull();
    // The other post alone fits once the first is let go.
    expect((await index.matches({ posts: [OTHER_POST_ID], name: 'smith' }, v))?.total).toBe(10);
    expect(index.size).toBeLessThanOrEqual(25);
    expect(idsOf(await index.matches({ posts: [TEST_POST_ID], name: 'smith 1' }, v))).toEqual(
      await sqlIds([TEST_POST_ID], 'smith 1'),
    );
  });
});

describe('GET /api/travelers?fullName=&passportNo=', () => {
  it('finds new, renamed, deleted and transferred travellers as they are written', async () => {
    const here = await h.user();
    const there = await h.user('officer', [{ role: 'officer', postId: OTHER_POST_ID, province: null }]);
    const search = async (who: { headers: Record<string, string> }, query: string) => {
      const res = await h.app.inject({ url: `/api/travelers?${query}`, headers: who.headers });
      expect(res.statusCode).toBe(200);
      const body: { total: number; items: { fullName: string }[]; nextCursor: string | null } = res.json();
      return { total: body.total, names: body.items.map((t) => t.fullName), next: body.nextCursor };
    };
    let passports = 0;
    const create = async (fullName: string, entryDate: string) => {
      passports++;
      const payload = travelerPayload({
        fullName,
        entryDate,
        passportNo: `C${String(passports).padStart(7, '0')}`,
      });
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/travelers',
        headers: here.headers,
        payload,
      });
      expect(res.statusCode).toBe(201);
      const created: { id: string; version: number } = res.json();
      return created;
    };
    const hoa = await create('Trần Thị Hoa', '2026-11-01');
    await create('Trần Thị Hồng', '2026-11-03');
    const lan = await create('Nguyễn Thị Lan', '2026-11-02');
    expect(await search(here, 'fullName=tran%20thi')).toMatchObject({
      total: 2,
      names: ['Trần Thị Hồng', 'Trần Thị Hoa'],
    });
    // Pages by number and by cursor, oldest first too.
    const first = await search(here, 'fullName=thi&pageSize=2');
    expect(first).toMatchObject({ total: 3, names: ['Trần Thị Hồng', 'Nguyễn Thị Lan'] });
    expect(await search(here, `fullName=thi&pageSize=2&cursor=${first.next}`)).toMatchObject({
      total: 3,
      names: ['Trần Thị Hoa'],
    });
    expect(await search(here, 'fullName=thi&pageSize=2&page=2&order=asc')).toMatchObject({
      names: ['Trần Thị Hồng'],
    });
    // A rename, then a deletion, then a transfer to the other post.
    const renamed = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${lan.id}`,
      headers: here.headers,
      payload: {
        ...travelerPayload({ fullName: 'Trần Thị Lan', entryDate: '2026-11-02', passportNo: 'C0000003' }),
        id: undefined,
        version: 1,
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await search(here, 'fullName=tran%20thi')).names).toEqual([
      'Trần Thị Hồng',
      'Trần Thị Lan',
      'Trần Thị Hoa',
    ]);
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/travelers/${hoa.id}?version=1`,
      headers: here.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await search(here, 'fullName=hoa')).total).toBe(0);
    const moved = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${lan.id}/transfer`,
      headers: here.headers,
      payload: { postId: OTHER_POST_ID, reason: 'Quarantine facility' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await search(here, 'fullName=lan')).toMatchObject({ total: 0, names: [] });
    expect(await search(there, 'fullName=lan')).toMatchObject({ total: 1, names: ['Trần Thị Lan'] });
    // The admin searches every post; a passport number's part; another order.
    const admin = await h.user('admin');
    expect(await search(admin, 'fullName=tran%20thi&pageSize=5')).toMatchObject({
      total: 2,
      names: ['Trần Thị Hồng', 'Trần Thị Lan'],
    });
    expect(await search(here, 'passportNo=c000000')).toMatchObject({ total: 1, names: ['Trần Thị Hồng'] });
    expect(await search(admin, 'passportNo=0003')).toMatchObject({ total: 1, names: ['Trần Thị Lan'] });
    const byName = await search(admin, 'fullName=thi&sort=fullName&order=asc&pageSize=1');
    expect(byName).toMatchObject({ total: 2, names: ['Trần Thị Hồng'] });
    expect(
      await search(admin, `fullName=thi&sort=fullName&order=asc&pageSize=1&cursor=${byName.next}`),
    ).toMatchObject({ total: 2, names: ['Trần Thị Lan'] });
    // The typed text folds as the stored name does.
    expect(searchKey('TRẦN thị')).toBe('tran thi');
  });
});
