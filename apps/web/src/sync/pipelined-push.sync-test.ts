import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../../server/src/test/file-harness.ts';
import { writeRecord, writeRecords } from './outbox.ts';
import { makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';

// Several batches per push round (planPush + pipelined acknowledgements, acknowledge.ts): records
// edited before their create was acknowledged, and edits made while a push is on the wire, must
// all arrive once and in order.
const h = fileHarness();
let headers: Record<string, string>;
beforeEach(async () => {
  headers = (await h.user('officer')).headers;
});

async function serverTravelers() {
  const rows: Record<string, unknown>[] = [];
  for (let cursor = 0; ; ) {
    const page = (await h.app.inject({ url: `/api/sync/pull?cursor=${cursor}&limit=5000`, headers })).json();
    for (const c of page.changes) if (c.table === 'travelers') rows.push(c.record);
    cursor = page.cursor;
    if (!page.hasMore) return rows;
  }
}

describe('pipelined push', () => {
  it('1,300 creates in three batches, some edited before and during the push: each once, latest data', async () => {
    const d = makeDevice(
      'pipe',
      () => h.app,
      () => headers,
    );
    const created = await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 1300 }, (_, i) => travelerInput({ fullName: `Pipe ${i}` })),
      d.db,
    );
    // Queued before the sync: the scan sees these records with two rows.
    for (const r of created.slice(0, 20))
      await writeRecord('travelers', 'update', { id: r.id, status: 'declared' }, d.db);
    // Written while the first batch is on the wire: rows added after the scan.
    const late = created.slice(900, 910);
    const push = d.transport.push.bind(d.transport);
    let first = true;
    d.transport.push = async (body) => {
      if (first) {
        first = false;
        for (const r of late) await writeRecord('travelers', 'update', { id: r.id, status: 'tested' }, d.db);
      }
      return push(body);
    };
    await syncUntilQuiet(d);

    expect(await d.db.syncQueue.count()).toBe(0);
    const server = new Map((await serverTravelers()).map((r) => [String(r.id), r]));
    expect(server.size).toBe(1300);
    for (const r of created.slice(0, 20))
      expect(server.get(r.id)).toMatchObject({ status: 'declared', version: 2 });
    for (const r of late) expect(server.get(r.id)).toMatchObject({ status: 'tested', version: 2 });
    expect(server.get(created[1299]?.id ?? '')).toMatchObject({ version: 1 });
    const locals = await d.db.travelers.toArray();
    expect(locals.filter((l) => l.syncStatus !== 'synced')).toEqual([]);
    for (const l of locals) expect(l.version).toBe(server.get(l.id)?.version);
    // 1,300 records in batches of 500: at least three pushes, and no record twice in one push.
    expect(d.transport.pushCalls).toBeGreaterThanOrEqual(3);
  });
});
