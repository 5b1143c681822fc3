/**
 * A fresh device's head start (docs/decisions/018-travellers-first.md): `only=travelers` pages
 * carry the travellers alone; the whole pull that follows, from 0 with `travelersTo`, leaves out
 * the travellers the head start sent and brings everything else, a traveller changed since
 * included. Together they hold every record at its last version, as one pull would.
 */
import { randomUUID } from 'node:crypto';
import { type HeadStart, type PullResponse, pullPath } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload, syncPush, travelerData } from '../../test/payloads.ts';
import { maxChangeSeq } from './pull.ts';

const h = fileHarness();

let passports = 0;
const traveler = (over: Record<string, unknown> = {}) =>
  travelerData({ passportNo: `C${5_000_000 + passports++}`, ...over });

async function push(headers: Record<string, string>, mutations: unknown[]) {
  const res = await h.app.inject(syncPush(headers, 'device-head-start', mutations));
  expect(res.statusCode).toBe(200);
  const { results }: { results: { status: string }[] } = res.json();
  expect(results.every((r) => r.status === 'applied')).toBe(true);
}

async function pullAll(headers: Record<string, string>, from: number, limit: number, head: HeadStart) {
  const changes: PullResponse['changes'] = [];
  for (let cursor = from; ; ) {
    const res = await h.app.inject({ url: pullPath(cursor, limit, [], head), headers });
    expect(res.statusCode, res.body).toBe(200);
    const page: PullResponse = res.json();
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor };
  }
}

const key = (c: PullResponse['changes'][number]) => `${c.table}:${String(c.record.id)}`;
/** Each record's last version as a set of pulled changes leaves it. */
function lastVersions(changes: PullResponse['changes']) {
  const last = new Map<string, number>();
  for (const c of changes) last.set(key(c), Number(c.record.version));
  return Object.fromEntries([...last].sort(([a], [b]) => a.localeCompare(b)));
}

describe('head start', () => {
  it('sends the travellers first, then the rest without them; together every record at its last version', async () => {
    const { headers } = await h.user('officer');
    const start = await maxChangeSeq(h.database.db);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await push(headers, [
      { seq: 1, table: 'travelers', op: 'create', id: a, baseVersion: null, data: traveler() },
      { seq: 2, table: 'travelers', op: 'create', id: b, baseVersion: null, data: traveler() },
    ]);
    const declared = await h.app.inject({
      method: 'POST',
      url: '/api/health-declarations',
      headers,
      payload: declarationPayload(a),
    });
    expect(declared.statusCode, declared.body).toBe(201);
    await push(headers, [
      { seq: 3, table: 'travelers', op: 'update', id: b, baseVersion: 1, data: traveler({ note: 'B2' }) },
    ]);

    // The head start, a page of one at a time: travellers only.
    const head = await pullAll(headers, start, 1, { only: 'travelers' });
    expect(head.changes.map((x) => x.table)).toEqual(['travelers', 'travelers']);
    expect(new Set(head.changes.map((x) => x.record.id))).toEqual(new Set([a, b]));

    // Written after the head start: a new version of b, and a new traveller c.
    await push(headers, [
      { seq: 4, table: 'travelers', op: 'update', id: b, baseVersion: 2, data: traveler({ note: 'B3' }) },
      { seq: 5, table: 'travelers', op: 'create', id: c, baseVersion: null, data: traveler() },
    ]);
    const rest = await pullAll(headers, start, 2, { travelersTo: head.cursor });
    const restTravelers = rest.changes.filter((x) => x.table === 'travelers');
    // Only the travellers changed since the head start come again.
    expect(restTravelers.map((x) => [x.record.id, x.record.version])).toEqual([
      [b, 3],
      [c, 1],
    ]);
    expect(rest.changes.some((x) => x.table === 'healthDeclarations' && x.record.id === a)).toBe(true);
    expect(rest.changes.some((x) => x.table === 'travelerEvents')).toBe(true);

    // Both together: what one whole pull leaves, to the same cursor.
    const whole = await pullAll(headers, start, 1000, {});
    expect(lastVersions([...head.changes, ...rest.changes])).toEqual(lastVersions(whole.changes));
    expect(rest.cursor).toBe(whole.cursor);
  });

  it('ends the whole pull at the head start when the travellers were written last', async () => {
    const { headers } = await h.user('officer');
    const start = await maxChangeSeq(h.database.db);
    // Nothing but travellers after `start`: the rest of the pull has nothing of its own to send
    // past them, and its cursor must still pass them, or the next pull sends them all again.
    await push(headers, [
      { seq: 1, table: 'travelers', op: 'create', id: randomUUID(), baseVersion: null, data: traveler() },
      { seq: 2, table: 'travelers', op: 'create', id: randomUUID(), baseVersion: null, data: traveler() },
    ]);
    const head = await pullAll(headers, start, 1000, { only: 'travelers' });
    expect(head.changes).toHaveLength(2);
    const rest = await pullAll(headers, start, 1000, { travelersTo: head.cursor });
    expect(rest.changes.filter((x) => x.table === 'travelers')).toEqual([]);
    expect(rest.cursor).toBe(await maxChangeSeq(h.database.db));
    const next = await pullAll(headers, rest.cursor, 1000, {});
    expect(next.changes).toEqual([]);
  });

  it('refuses another table or a change number that is not one', async () => {
    const { headers } = await h.user('officer');
    for (const query of [
      'only=healthDeclarations',
      'only=',
      'travelersTo=',
      'travelersTo=-1',
      'travelersTo=1e3',
    ]) {
      const res = await h.app.inject({ url: `/api/sync/pull?cursor=0&${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
  });
});
