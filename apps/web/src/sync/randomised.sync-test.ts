/**
 * Randomised exactly-once check, once per synced table (the cases of testing/table-cases.ts, one
 * per table of the shared registry): several devices make random creates, updates and deletes of
 * the table's records (as its operations allow) while going on and offline, losing replies,
 * meeting 5xx answers and server restarts, and resolving conflicts at random. At the end every
 * device converges with the server and:
 * - nothing lost: every record any device created exists on the server;
 * - nothing duplicated: each record's version moved by exactly the number of writes audited for
 *   it (every applied mutation took effect exactly once);
 * - every conflict surfaced: each conflict the server answered reached the device's conflict list
 *   (or was its own earlier write coming back identical).
 */
import { type PullResponse, pullPath } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileHarness } from '../../../server/src/test/file-harness.ts';
import { WRITABLE_TABLES } from '../../../server/src/write-path/tables.ts';
import { storeFor } from '../db/database.ts';
import { landedCount } from '../db/landing/index.ts';
import { openRecords } from '../db/sealing.ts';
import { writeRecord, writeRecords } from './outbox.ts';
import { resolveConflict, retryFailedItem } from './resolutions.ts';
import { journalViolations } from './testing/journal-invariant.ts';
import { prng } from './testing/prng.ts';
import { type Device, makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';
import { allows, TABLE_CASES, type TableCase } from './testing/table-cases.ts';

const h = fileHarness(undefined, { reset: false });

// CI runs the travellers with two seeds of 250 steps and every other table with one seed of 120
// steps (the run stays within a few minutes); `SYNC_FUZZ_SEEDS=1,2,3 SYNC_FUZZ_STEPS=1000
// SYNC_FUZZ_DEVICES=4` runs a bigger search on every table, `SYNC_FUZZ_TABLES=checkIns` one table.
const SEEDS = process.env.SYNC_FUZZ_SEEDS?.split(',').map(Number);
const STEPS = process.env.SYNC_FUZZ_STEPS ? Number(process.env.SYNC_FUZZ_STEPS) : undefined;
const DEVICES = Number(process.env.SYNC_FUZZ_DEVICES ?? 3);
const TABLES = process.env.SYNC_FUZZ_TABLES?.split(',');
// Few mutations per push, so a sync sends several pushes, two on the wire at once, and the
// faults (lost replies, 5xx) meet pipelined pushes; SYNC_FUZZ_BATCH=500 pushes as the app does.
const BATCH = Number(process.env.SYNC_FUZZ_BATCH ?? 3);

const seedsOf = (c: TableCase) => SEEDS ?? (c.table === 'travelers' ? [11, 2027] : [11]);
const stepsOf = (c: TableCase) => STEPS ?? (c.table === 'travelers' ? 250 : 120);

/** Every record of `table` on the server, as a device pulls it (tombstones included). */
async function serverRecords(app: FastifyInstance, table: string, headers: Record<string, string>) {
  const records = new Map<string, Record<string, unknown>>();
  let cursor = 0;
  for (;;) {
    const res = await app.inject({ url: pullPath(cursor, 5000), headers });
    const page: PullResponse = res.json();
    for (const change of page.changes)
      if (change.table === table) records.set(String(change.record.id), change.record);
    if (!page.hasMore) return records;
    cursor = page.cursor;
  }
}

/** Writes audited per record of `table`. */
async function auditCounts(c: TableCase) {
  const rows = await h.database.rows(
    z.object({ entity_id: z.string(), n: z.coerce.number() }),
    sql`SELECT entity_id, COUNT(*) AS n FROM audit_events WHERE entity = ${WRITABLE_TABLES[c.table].auditEntity}
      GROUP BY entity_id`,
  );
  return new Map(rows.map((r) => [r.entity_id, r.n]));
}

describe.each(TABLE_CASES.filter((c) => !TABLES || TABLES.includes(c.table)))(
  'randomised devices against the real server: $table',
  (c) => {
    for (const seed of seedsOf(c)) {
      it(`seed ${seed}: converges with nothing lost, nothing duplicated, every conflict surfaced`, async () => {
        await runSeed(c, seed, stepsOf(c));
      });
    }
  },
);

async function runSeed(c: TableCase, seed: number, steps: number) {
  await h.reset();
  const rand = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const { headers } = await h.user(c.role);
  // A server of its own for each run: the restarts below close it.
  let app = await h.instance();
  // What each device sent, and the conflict answers that actually reached it.
  const sent = new Map<string, Map<number, Record<string, unknown> | null>>();
  const received = new Map<string, Map<number, Record<string, unknown> | null>>();
  const join = (name: string, foldAfterRun: boolean): Device => {
    const d = makeDevice(
      name,
      () => app,
      () => headers,
      { pushBatchSize: BATCH, foldAfterRun },
    );
    const seen = new Map<number, Record<string, unknown> | null>();
    const got = new Map<number, Record<string, unknown> | null>();
    sent.set(d.name, seen);
    received.set(d.name, got);
    const push = d.transport.push.bind(d.transport);
    d.transport.push = async (body) => {
      for (const m of body.mutations) seen.set(m.seq, m.data);
      const res = await push(body);
      for (const r of res.results) if (r.status === 'conflict') got.set(r.seq, r.serverRecord ?? null);
      return res;
    };
    return d;
  };
  // Every other device keeps its acknowledgements in the journal (and a first pull's landed
  // records, db/landing/) until a random step folds them, so its writes, pulls and resolutions
  // meet records not yet folded.
  const devices: Device[] = Array.from({ length: DEVICES }, (_, i) =>
    join(`r${c.table}${seed}-${i}`, i % 2 === 0),
  );
  // The travellers the table's records belong to, made by one device and pulled by all; and the
  // records the server holds before (the system status), whose versions move from where they are.
  const parents =
    c.parents > 0
      ? (
          await writeRecords(
            'travelers',
            'create',
            Array.from({ length: c.parents }, (_, i) => travelerInput({ fullName: `P${seed}-${i}` })),
            devices[0]!.db,
          )
        ).map((t) => t.id)
      : [];
  // Only where the table needs it (parents to write under, the system status to update): the
  // travellers' devices start without having pulled, as they always have here.
  if (parents.length > 0 || !c.create) for (const d of devices) await syncUntilQuiet(d);
  const before = await serverRecords(app, c.table, headers);
  const auditsBefore = await auditCounts(c);
  const created = new Set<string>();
  const counts = {
    create: 0,
    update: 0,
    delete: 0,
    sync: 0,
    offline: 0,
    faults: 0,
    restarts: 0,
    resolutions: 0,
    retries: 0,
    folds: 0,
    landed: 0,
  };

  /** A create on `d`, if the table allows one there; false when it does not. */
  const create = async (d: Device, step: number) => {
    if (!c.create || !allows(c, 'create')) return false;
    const parentId = parents.length > 0 ? pick(parents) : '';
    // A declaration's id is its traveller's: one per traveller on a device (another device
    // declaring the same traveller meets it as a conflict).
    if (c.idIsParent && (await storeFor(d.db, c.table).get(parentId))) return false;
    const record = await writeRecord(c.table, 'create', c.create(parentId, step), d.db);
    created.add(record.id);
    counts.create++;
    return true;
  };

  for (let step = 0; step < steps; step++) {
    if (step === Math.floor(steps / 3)) {
      // A new device joins and syncs first: its pull is fresh, so it lands what the others
      // made (db/landing/), and the steps after it write, delete and resolve landed records.
      const late = join(`r${c.table}${seed}-late`, false);
      devices.push(late);
      await late.engine.sync();
      counts.landed = await landedCount(late.db);
    }
    const d = pick(devices);
    const live = (await openRecords(d.db, c.table, await storeFor(d.db, c.table).toArray())).filter(
      (t) => !t.deletedAt,
    );
    const r = rand();
    if (
      r < 0.53 &&
      live.length > 0 &&
      c.update &&
      (r >= 0.22 || !c.create) &&
      (r < 0.47 || !allows(c, 'delete'))
    ) {
      await writeRecord(c.table, 'update', { id: pick(live).id, ...c.update(step, rand) }, d.db);
      counts.update++;
    } else if (r < 0.53 && r >= 0.47 && live.length > 0 && allows(c, 'delete')) {
      await writeRecord(c.table, 'delete', { id: pick(live).id }, d.db);
      counts.delete++;
    } else if (r < 0.53) {
      if (!(await create(d, step))) {
        await d.engine.sync();
        counts.sync++;
      }
    } else if (r < 0.75) {
      await d.engine.sync();
      d.clock.now += 20_000;
      counts.sync++;
      if (rand() < 0.3) {
        await d.engine.fold();
        counts.folds++;
      }
    } else if (r < 0.83) {
      d.transport.faults.offline = !d.transport.faults.offline;
      counts.offline++;
    } else if (r < 0.88) {
      if (rand() < 0.5) d.transport.faults.dropReplyNext = 1;
      else {
        d.transport.faults.failNext = 1;
        d.transport.faults.failStatus = pick([500, 502, 503, 0]);
      }
      counts.faults++;
    } else if (r < 0.91) {
      // Restart: a new server process on the same database (the crash test covers SIGKILL).
      await app.close();
      app = await h.instance();
      counts.restarts++;
    } else if (r < 0.97) {
      const open = await d.db.conflicts.where('resolved').equals(0).toArray();
      if (open.length > 0) {
        const conflict = pick(open);
        const how = c.update ? pick(['server_wins', 'client_wins', 'manual_merge'] as const) : 'server_wins';
        await resolveConflict(
          conflict.id!,
          how,
          how === 'manual_merge' && c.update ? c.update(step, rand) : null,
          d.db,
        );
        counts.resolutions++;
      }
    } else {
      const failed = (await d.db.failedSyncItems.toArray()).filter((f) => f.canRetry === 1);
      if (failed.length > 0) {
        await retryFailedItem(pick(failed).id!, d.db);
        counts.retries++;
      }
    }
    // The journal's rule (ack-journal.ts): no queued, failed or conflicting record is journaled.
    for (const device of devices) expect(await journalViolations(device.db), `step ${step}`).toEqual([]);
  }

  // Everyone back online; settle every conflict (server_wins) until all are quiet.
  for (const d of devices)
    d.transport.faults = { ...d.transport.faults, offline: false, failNext: 0, dropReplyNext: 0 };
  for (let round = 0; round < 8; round++) {
    for (const d of devices) {
      d.clock.now += 10 * 60_000;
      await syncUntilQuiet(d);
      for (const conflict of await d.db.conflicts.where('resolved').equals(0).toArray()) {
        await resolveConflict(conflict.id!, 'server_wins', null, d.db);
      }
    }
  }
  for (const d of devices) await syncUntilQuiet(d);

  const server = await serverRecords(app, c.table, headers);
  // Nothing lost, nothing invented.
  expect(new Set(server.keys())).toEqual(new Set([...before.keys(), ...created]));
  // Nothing duplicated: one audited write per version step.
  const audits = await auditCounts(c);
  for (const [id, record] of server) {
    const steps = Number(record.version) - Number(before.get(id)?.version ?? 0);
    expect((audits.get(id) ?? 0) - (auditsBefore.get(id) ?? 0), id).toBe(steps);
  }
  // Converged: every device holds exactly the server's state, nothing left queued.
  const fields = (x: Record<string, unknown>) =>
    x.deletedAt ? {} : Object.fromEntries(c.fields.map((f) => [f, x[f] ?? null]));
  for (const d of devices) {
    expect(await d.db.syncQueue.count()).toBe(0);
    expect(await d.db.failedSyncItems.where('canRetry').equals(1).count()).toBe(0);
    const local = await openRecords(d.db, c.table, await storeFor(d.db, c.table).toArray());
    // Every record on the server reached every device (landed or stored).
    expect(local.length, d.name).toBe(server.size);
    for (const l of local) {
      const s = server.get(l.id);
      if (!s) continue; // created, rejected and never on the server: none expected here
      // A tombstone's other fields do not matter (a delete carries no data).
      expect({
        id: l.id,
        v: l.version,
        deleted: Boolean(l.deletedAt),
        sync: l.syncStatus,
        ...fields(l),
      }).toEqual({
        id: s.id,
        v: Number(s.version),
        deleted: Boolean(s.deletedAt),
        sync: 'synced',
        ...fields(s),
      });
    }
  }
  // Every conflict answer that reached a device was surfaced there (or was the device's
  // own earlier write coming back identical). Answers lost on the way were superseded by a
  // later row of the same record, whose own answer is checked here too.
  for (const d of devices) {
    const surfaced = new Set((await d.db.conflicts.toArray()).map((x) => x.syncQueueId));
    for (const [seq, serverRecord] of received.get(d.name)!) {
      if (surfaced.has(seq)) continue;
      const data = sent.get(d.name)?.get(seq);
      const identical =
        data &&
        serverRecord &&
        !serverRecord.deletedAt &&
        Object.entries(data).every(
          ([k, v]) => JSON.stringify(serverRecord[k] ?? null) === JSON.stringify(v ?? null),
        );
      expect(identical, `${d.name} seq ${seq}: conflict answer not surfaced`).toBe(true);
    }
  }
  const ops = counts.create + counts.update + counts.delete;
  console.log(
    `randomised ${c.table} seed ${seed}: ${ops} writes on ${DEVICES} devices and a late one`,
    JSON.stringify(counts),
    `${server.size} records on the server`,
  );
  await app.close().catch(() => {});
}
