import { describe, expect, it } from 'vitest';
import { SyncEngine } from './engine.ts';
import { writeRecord, writeRecords } from './outbox.ts';
import { officerRig } from './testing/officer-rig.ts';
import { type Device, makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';

// Several batches per push round (PushPlan + pipelined acknowledgements, acknowledge.ts): records
// edited before their create was acknowledged, and edits made while a push is on the wire, must
// all arrive once and in order.
const { h, headers } = officerRig();

async function serverTravelers() {
  const rows: Record<string, unknown>[] = [];
  for (let cursor = 0; ; ) {
    const page = (
      await h.app.inject({ url: `/api/sync/pull?cursor=${cursor}&limit=5000`, headers: headers() })
    ).json();
    for (const c of page.changes) if (c.table === 'travelers') rows.push(c.record);
    cursor = page.cursor;
    if (!page.hasMore) return rows;
  }
}

/** Mutations per push here, whatever the server allows: 1,300 rows make three pushes. */
const BATCH = 500;

/** 1,300 travellers written offline on a new device (three pushes of 500 at most). */
async function deviceWith1300() {
  const d = makeDevice(`pipe-${crypto.randomUUID().slice(0, 8)}`, () => h.app, headers, {
    pushBatchSize: BATCH,
  });
  const created = await writeRecords(
    'travelers',
    'create',
    Array.from({ length: 1300 }, (_, i) => travelerInput({ fullName: `Pipe ${i}` })),
    d.db,
  );
  return { d, created };
}

/**
 * Syncs past every row's back-off (each row's delay has its own jitter), then: every record on
 * the server exactly once (version 1: one write each) and synced on the device.
 */
async function settleAndExpectAllOnce(d: Device, created: { id: string }[]) {
  d.clock.now += 60 * 60_000;
  await syncUntilQuiet(d);
  const ids = created.map((r) => r.id);
  expect(await d.db.syncQueue.count()).toBe(0);
  expect(await d.db.failedSyncItems.count()).toBe(0);
  const server = new Map((await serverTravelers()).map((r) => [String(r.id), r]));
  for (const id of ids) expect(server.get(id)).toMatchObject({ version: 1 });
  const locals = await d.db.travelers.toArray();
  expect(locals.filter((l) => l.syncStatus !== 'synced' || l.version !== 1)).toEqual([]);
}

describe('pipelined push', () => {
  it('a large outbox goes in a small first push, then full ones: each record once', async () => {
    const d = makeDevice(`first-${crypto.randomUUID().slice(0, 8)}`, () => h.app, headers);
    const created = await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 2600 }, (_, i) => travelerInput({ fullName: `First ${i}` })),
      d.db,
    );
    await syncUntilQuiet(d);
    // The server starts on 500 while the device reads and sends the next 2,000.
    expect(d.transport.pushSizes).toEqual([500, 2000, 100]);
    await settleAndExpectAllOnce(d, created);
  });

  it('the first push fails while the second is on the wire: the second is acknowledged, the first retried', async () => {
    const { d, created } = await deviceWith1300();
    d.transport.faults.failNext = 1;
    d.transport.faults.failStatus = 503;
    const first = await d.engine.sync();
    expect(first.error).toBe('errors.server_error');
    // Two pushes were on the wire: the second one's 500 rows were acknowledged despite the failure.
    expect(d.transport.pushCalls).toBe(2);
    expect(first.pushed).toBe(500);
    const retried = await d.db.syncQueue.filter((r) => r.retryCount === 1).count();
    expect(retried).toBe(500);
    await settleAndExpectAllOnce(d, created);
  });

  it('both pushes on the wire fail: each counts a try, one notice, nothing else sent', async () => {
    const { d, created } = await deviceWith1300();
    const notices: string[] = [];
    const engine = new SyncEngine({
      database: d.db,
      transport: d.transport,
      clientId: async () => `pipe-both-${created.length}`,
      now: () => d.clock.now,
      onNotice: (n) => notices.push(n.key),
      pushBatchSize: BATCH,
    });
    d.transport.faults.failNext = 2;
    d.transport.faults.failStatus = 429;
    const first = await engine.sync();
    expect(first.error).toBe('errors.rate_limited');
    expect(d.transport.pushCalls).toBe(2);
    expect(notices).toEqual(['errors.rate_limited']);
    // A 429 spends no try: the 1,000 rows sent wait, the 300 never sent are due at once.
    expect(await d.db.syncQueue.filter((r) => r.retryCount > 0).count()).toBe(0);
    expect(await d.db.syncQueue.filter((r) => r.nextAttemptAt > d.clock.now).count()).toBe(1000);
  });

  it('a reply lost while another push is on the wire: the other is acknowledged, the lost one applied once', async () => {
    const { d, created } = await deviceWith1300();
    const push = d.transport.push.bind(d.transport);
    let calls = 0;
    d.transport.push = async (body) => {
      calls++;
      // From the second push on, the rig drops the next reply the server gives.
      if (calls === 2) d.transport.faults.dropReplyNext = 1;
      return push(body);
    };
    const first = await d.engine.sync();
    expect(first.error).toBe('errors.network_error');
    // The server's first answer after the second push left is dropped: the first push's (then
    // the second is acknowledged) or the second's (then the first and the third are).
    expect([500, 800]).toContain(first.pushed);
    await settleAndExpectAllOnce(d, created);
  });

  it('1,300 creates in three batches, some edited before and during the push: each once, latest data', async () => {
    const { d, created } = await deviceWith1300();
    // Queued before the sync: the scan sees these records with two rows.
    for (const r of created.slice(0, 20))
      await writeRecord('travelers', 'update', { id: r.id, note: 'edited before' }, d.db);
    // Written while the first batch is on the wire: rows added after the scan.
    const late = created.slice(900, 910);
    const push = d.transport.push.bind(d.transport);
    let first = true;
    d.transport.push = async (body) => {
      if (first) {
        first = false;
        for (const r of late)
          await writeRecord('travelers', 'update', { id: r.id, note: 'edited during' }, d.db);
      }
      return push(body);
    };
    await syncUntilQuiet(d);

    expect(await d.db.syncQueue.count()).toBe(0);
    const server = new Map((await serverTravelers()).map((r) => [String(r.id), r]));
    expect(server.size).toBe(1300);
    for (const r of created.slice(0, 20))
      expect(server.get(r.id)).toMatchObject({ note: 'edited before', version: 2 });
    for (const r of late) expect(server.get(r.id)).toMatchObject({ note: 'edited during', version: 2 });
    expect(server.get(created[1299]?.id ?? '')).toMatchObject({ version: 1 });
    const locals = await d.db.travelers.toArray();
    expect(locals.filter((l) => l.syncStatus !== 'synced')).toEqual([]);
    for (const l of locals) expect(l.version).toBe(server.get(l.id)?.version);
    // 1,300 records in batches of 500: at least three pushes, and no record twice in one push.
    expect(d.transport.pushCalls).toBeGreaterThanOrEqual(3);
  });
});
