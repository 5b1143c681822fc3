/**
 * Randomised exactly-once check: several devices make random creates, updates and deletes
 * while going on and offline, losing replies, meeting 5xx answers and server restarts, and
 * resolving conflicts at random. At the end every device converges with the server and:
 * - nothing lost: every record any device created exists on the server;
 * - nothing duplicated: each record's version equals the number of writes audited for it
 *   (every applied mutation took effect exactly once);
 * - every conflict surfaced: each conflict the server answered reached the device's conflict list
 *   (or was its own earlier write coming back identical).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { fileHarness } from '../../../server/src/test/file-harness.ts';
import { TEST_JWT_SECRET } from '../../../server/src/test/harness.ts';
import { landedCount } from '../db/landing/index.ts';
import { writeRecord } from './outbox.ts';
import { resolveConflict, retryFailedItem } from './resolutions.ts';
import { type Device, makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';
import { journalViolations } from './testing/journal-invariant.ts';

const h = fileHarness(undefined, { reset: false });

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// CI runs two seeds; `SYNC_FUZZ_SEEDS=1,2,3 SYNC_FUZZ_STEPS=1000 SYNC_FUZZ_DEVICES=4` runs a bigger search.
const SEEDS = (process.env.SYNC_FUZZ_SEEDS ?? '11,2027').split(',').map(Number);
const STEPS = Number(process.env.SYNC_FUZZ_STEPS ?? 250);
const DEVICES = Number(process.env.SYNC_FUZZ_DEVICES ?? 3);
// Few mutations per push, so a sync sends several pushes, two on the wire at once, and the
// faults (lost replies, 5xx) meet pipelined pushes; SYNC_FUZZ_BATCH=500 pushes as the app does.
const BATCH = Number(process.env.SYNC_FUZZ_BATCH ?? 3);

describe('randomised devices against the real server', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: converges with nothing lost, nothing duplicated, every conflict surfaced`, async () => {
      await h.reset();
      const rand = prng(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
      const { headers } = await h.user('officer');
      let app = h.app;
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
      // records, db/landing/) until a random step folds them, so its writes, pulls and
      // resolutions meet records not yet folded.
      const devices: Device[] = Array.from({ length: DEVICES }, (_, i) => join(`r${seed}-${i}`, i % 2 === 0));
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

      for (let step = 0; step < STEPS; step++) {
        if (step === Math.floor(STEPS / 3)) {
          // A new device joins and syncs first: its pull is fresh, so it lands what the others
          // made (db/landing/), and the steps after it write, delete and resolve landed records.
          const late = join(`r${seed}-late`, false);
          devices.push(late);
          await late.engine.sync();
          counts.landed = await landedCount(late.db);
        }
        const d = pick(devices);
        const live = (await d.db.travelers.toArray()).filter((t) => !t.deletedAt);
        const r = rand();
        if (r < 0.22 || live.length === 0) {
          const t = await writeRecord(
            'travelers',
            'create',
            travelerInput({ fullName: `S${seed}-${step}` }),
            d.db,
          );
          created.add(t.id);
          counts.create++;
        } else if (r < 0.47) {
          await writeRecord(
            'travelers',
            'update',
            { id: pick(live).id, note: `n${step}`, occupation: pick(['Kỹ sư', 'Giáo viên', 'Bác sĩ']) },
            d.db,
          );
          counts.update++;
        } else if (r < 0.53) {
          await writeRecord('travelers', 'delete', { id: pick(live).id }, d.db);
          counts.delete++;
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
          app = await buildApp(
            loadConfig({
              LOG_LEVEL: 'silent',
              DATA_DIR: h.dataDir,
              SEED_DEMO: 'false',
              JWT_SECRET: TEST_JWT_SECRET,
            }),
            h.database,
          );
          await app.ready();
          counts.restarts++;
        } else if (r < 0.97) {
          const open = await d.db.conflicts.where('resolved').equals(0).toArray();
          if (open.length > 0) {
            const c = pick(open);
            const how = pick(['server_wins', 'client_wins', 'manual_merge'] as const);
            await resolveConflict(
              c.id!,
              how,
              how === 'manual_merge' ? { note: `merged ${step}` } : null,
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
          for (const c of await d.db.conflicts.where('resolved').equals(0).toArray()) {
            await resolveConflict(c.id!, 'server_wins', null, d.db);
          }
        }
      }
      for (const d of devices) await syncUntilQuiet(d);

      const server = await h.database.rows(
        z.object({
          id: z.string(),
          version: z.coerce.number(),
          deleted: z.boolean(),
          note: z.string().nullable(),
          occupation: z.string().nullable(),
          status: z.string(),
        }),
        sql`SELECT id::text AS id, version, deleted_at IS NOT NULL AS deleted, note, occupation, status FROM travelers`,
      );
      const serverById = new Map(server.map((s) => [s.id, s]));
      // Nothing lost, nothing invented.
      expect(new Set(server.map((s) => s.id))).toEqual(created);
      // Nothing duplicated: one audited write per version step.
      const audits = await h.database.rows(
        z.object({ entity_id: z.string(), n: z.coerce.number() }),
        sql`SELECT entity_id, COUNT(*) AS n FROM audit_events WHERE entity = 'traveler' GROUP BY entity_id`,
      );
      for (const a of audits)
        expect(Number(a.n), a.entity_id).toBe(Number(serverById.get(a.entity_id)?.version));
      // Converged: every device holds exactly the server's state, nothing left queued.
      for (const d of devices) {
        expect(await d.db.syncQueue.count()).toBe(0);
        expect(await d.db.failedSyncItems.where('canRetry').equals(1).count()).toBe(0);
        const local = await d.db.travelers.toArray();
        // Every record on the server reached every device (landed or stored).
        expect(local.length, d.name).toBe(server.length);
        for (const l of local) {
          const s = serverById.get(l.id);
          if (!s) continue; // created, rejected and never on the server: none expected here
          // A tombstone's other fields do not matter (a delete carries no data).
          const deleted = Boolean(l.deletedAt);
          const fields = (x: Record<string, unknown>) =>
            deleted ? {} : { note: x.note ?? null, occupation: x.occupation ?? null, status: x.status };
          expect({ id: l.id, v: l.version, deleted, sync: l.syncStatus, ...fields(l) }).toEqual({
            id: s.id,
            v: Number(s.version),
            deleted: s.deleted,
            sync: 'synced',
            ...fields(s),
          });
        }
      }
      // Every conflict answer that reached a device was surfaced there (or was the device's
      // own earlier write coming back identical). Answers lost on the way were superseded by a
      // later row of the same record, whose own answer is checked here too.
      for (const d of devices) {
        const surfaced = new Set((await d.db.conflicts.toArray()).map((c) => c.syncQueueId));
        for (const [seq, server] of received.get(d.name)!) {
          if (surfaced.has(seq)) continue;
          const data = sent.get(d.name)?.get(seq);
          const identical =
            data &&
            server &&
            !server.deletedAt &&
            Object.entries(data).every(
              ([k, v]) => JSON.stringify(server[k] ?? null) === JSON.stringify(v ?? null),
            );
          expect(identical, `${d.name} seq ${seq}: conflict answer not surfaced`).toBe(true);
        }
      }
      const ops = counts.create + counts.update + counts.delete;
      console.log(
        `randomised seed ${seed}: ${ops} writes on ${DEVICES} devices and a late one`,
        JSON.stringify(counts),
        `${server.length} records on the server`,
      );
      await app.close().catch(() => {});
    });
  }
});
