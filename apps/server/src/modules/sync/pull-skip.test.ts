/**
 * A pull may leave out the device's own acknowledged writes (the push answer's `written` ranges,
 * sent back as `skip`): exactly those rows while unchanged, never another writer's row, with the
 * cursor still ending at the highest change and pages counting only the rows sent.
 */
import { randomUUID } from 'node:crypto';
import { type ChangeRange, MAX_PULL_SKIP_RANGES, type PullResponse, pullPath } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { syncPush, travelerData } from '../../test/payloads.ts';
import { maxChangeSeq } from './pull.ts';

const h = fileHarness();

let passports = 0;
/** Traveller mutation data with a passport of its own (the duplicate guard lets each in). */
const traveler = (over: Record<string, unknown> = {}) =>
  travelerData({ passportNo: `C${4_000_000 + passports++}`, ...over });
const create = (seq: number, id: string) => ({
  seq,
  table: 'travelers',
  op: 'create',
  id,
  baseVersion: null,
  data: traveler(),
});

async function push(headers: Record<string, string>, clientId: string, mutations: unknown[]) {
  const res = await h.app.inject(syncPush(headers, clientId, mutations));
  expect(res.statusCode).toBe(200);
  return res.json() as { results: { status: string; version?: number }[]; written?: ChangeRange[] };
}

async function pullAll(headers: Record<string, string>, limit: number, skip: ChangeRange[], from = 0) {
  const pages: PullResponse[] = [];
  for (let cursor = from; ; ) {
    const res = await h.app.inject({ url: pullPath(cursor, limit, skip), headers });
    expect(res.statusCode).toBe(200);
    const page: PullResponse = res.json();
    pages.push(page);
    if (!page.hasMore) return pages;
    expect(page.changes).toHaveLength(limit);
    cursor = page.cursor;
  }
}

async function changeSeqs(ids: string[]) {
  const { rows } = await h.database.db.execute(
    sql`SELECT change_seq::bigint AS seq FROM travelers WHERE id::text IN (${sql.join(ids, sql`, `)})`,
  );
  return rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
}

const inRanges = (seq: number, ranges: ChangeRange[]) => ranges.some((r) => r.from <= seq && seq <= r.to);

describe('pull skip ranges', () => {
  it("leave out exactly the device's own unchanged writes; another writer's changes in between still come", async () => {
    const { headers } = await h.user('officer');
    const other = (await h.user('officer')).headers;
    const start = await maxChangeSeq(h.database.db);
    const mine = [randomUUID(), randomUUID(), randomUUID()];
    const first = await push(
      headers,
      'device-skip-a',
      mine.map((id, i) => create(i + 1, id)),
    );
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    // Another device writes in between: a traveller of its own, and an edit of one of ours.
    const theirs = randomUUID();
    await push(other, 'device-skip-b', [create(1, theirs)]);
    const [edited = ''] = mine;
    const edit = await push(other, 'device-skip-b', [
      { seq: 2, table: 'travelers', op: 'update', id: edited, baseVersion: 1, data: traveler({ note: 'B' }) },
    ]);
    expect(edit.results[0]?.status).toBe('applied');
    const later = [randomUUID(), randomUUID()];
    const second = await push(
      headers,
      'device-skip-a',
      later.map((id, i) => create(i + 4, id)),
    );
    const written = [...(first.written ?? []), ...(second.written ?? [])];
    // The ranges hold exactly our rows' change_seqs at the time of our writes.
    const ours = await changeSeqs([...mine.slice(1), ...later]);
    expect(written.reduce((n, r) => n + r.to - r.from + 1, 0)).toBe(5);
    for (const seq of ours) expect(inRanges(seq, written)).toBe(true);
    for (const seq of await changeSeqs([theirs, edited])) expect(inRanges(seq, written)).toBe(false);

    const whole = await pullAll(headers, 1000, written, start);
    const sent = whole.flatMap((p) => p.changes.map((c) => String(c.record.id)));
    // Their traveller, and ours that they changed (version 2), nothing else of ours.
    expect(sent).toEqual([theirs, edited]);
    expect(whole.flatMap((p) => p.changes).at(-1)?.record).toMatchObject({ version: 2, note: 'B' });
    const top = await maxChangeSeq(h.database.db);
    expect(whole.at(-1)?.cursor).toBe(top);
    // Pages of one: the same rows, each page full but the last, which ends at the highest change.
    const paged = await pullAll(headers, 1, written, start);
    expect(paged.flatMap((p) => p.changes.map((c) => String(c.record.id)))).toEqual(sent);
    expect(paged.at(-1)?.cursor).toBe(top);
    // Without skips every row comes, ours too.
    const all = (await pullAll(headers, 1000, [], start)).flatMap((p) => p.changes);
    expect(all).toHaveLength(6);
    // Everything skipped: an empty page, the cursor still past it all.
    const none = await pullAll(headers, 1000, [{ from: start + 1, to: top }], start);
    expect(none).toEqual([expect.objectContaining({ changes: [], cursor: top, hasMore: false })]);
  });

  it('a retry after a lost reply answers duplicate without ranges: those rows come back in the pull', async () => {
    const { headers } = await h.user('officer');
    const start = await maxChangeSeq(h.database.db);
    const id = randomUUID();
    const first = await push(headers, 'device-skip-c', [create(1, id)]);
    expect(first.written).toHaveLength(1);
    // The reply was lost: the device knows no range, and pushes the same mutation again.
    const again = await push(headers, 'device-skip-c', [create(1, id)]);
    expect(again.results[0]).toMatchObject({ status: 'duplicate', version: 1 });
    expect(again.written).toBeUndefined();
    const pages = await pullAll(headers, 1000, again.written ?? [], start);
    expect(pages.flatMap((p) => p.changes.map((c) => c.record.id))).toEqual([id]);
  });

  it('ranges at or below the cursor change nothing; malformed or too many ranges are refused', async () => {
    const { headers } = await h.user('officer');
    const start = await maxChangeSeq(h.database.db);
    const id = randomUUID();
    const { written = [] } = await push(headers, 'device-skip-d', [create(1, id)]);
    const [range] = written;
    expect(range).toBeDefined();
    const page = (await pullAll(headers, 1000, written, range?.to ?? 0))[0];
    expect(page).toMatchObject({ changes: [], cursor: range?.to, hasMore: false });
    expect(
      (await pullAll(headers, 1000, [{ from: 1, to: start }], start)).flatMap((p) => p.changes),
    ).toHaveLength(1);
    for (const skip of ['5', '5-', 'a-b', '9-3', '1-2,,3-4']) {
      const res = await h.app.inject({ url: `/api/sync/pull?cursor=0&skip=${skip}`, headers });
      expect(res.statusCode, skip).toBe(400);
    }
    const many = Array.from({ length: MAX_PULL_SKIP_RANGES + 1 }, (_, i) => `${2 * i + 1}-${2 * i + 1}`).join(
      ',',
    );
    expect((await h.app.inject({ url: `/api/sync/pull?cursor=0&skip=${many}`, headers })).statusCode).toBe(
      400,
    );
  });
});
