/**
 * Randomised per-post sync (docs/decisions/014-points-of-entry.md): officers at two posts, one
 * of them working at both and switching at random, register and edit travellers on several
 * devices while going on and offline and losing replies; officers transfer travellers between the
 * posts. At the end every device holds exactly its post's travellers as the server has them,
 * every traveller a device created reached the server once (or was refused, and the refusal
 * stays on that device as a failed item the officer sees), and nothing unsent was dropped.
 */
import { type PullResponse, pullPath } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../../server/src/test/file-harness.ts';
import { OTHER_POST_ID, TEST_POST_ID } from '../../../server/src/test/harness.ts';
import { writeRecord } from './outbox.ts';
import { prng } from './testing/prng.ts';
import { type Device, makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';

const h = fileHarness(undefined, { reset: false });

const SEEDS = process.env.SYNC_FUZZ_SEEDS?.split(',').map(Number) ?? [7];
const STEPS = Number(process.env.SYNC_FUZZ_STEPS ?? 150);

/** Every traveller on the server (national pull), by id: its post, version and tombstone. */
async function serverTravelers(headers: Record<string, string>) {
  const all = new Map<string, { post: string; version: number; deleted: boolean }>();
  let cursor = 0;
  for (;;) {
    const page: PullResponse = (await h.app.inject({ url: pullPath(cursor, 5000), headers })).json();
    for (const c of page.changes)
      if (c.table === 'travelers')
        all.set(String(c.record.id), {
          post: String(c.record.entryPostId),
          version: Number(c.record.version),
          deleted: Boolean(c.record.deletedAt),
        });
    if (!page.hasMore) return all;
    cursor = page.cursor;
  }
}

describe('randomised devices at two posts', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: each device ends with exactly its post, nothing lost, nothing unsent dropped`, async () => {
      await h.reset();
      const rand = prng(seed);
      const pick = <T>(xs: readonly T[]): T => {
        const x = xs[Math.floor(rand() * xs.length)];
        if (x === undefined) throw new Error('pick from an empty list');
        return x;
      };
      const at = (post: string) => h.user('officer', [{ role: 'officer', postId: post, province: null }]);
      const here = await at(TEST_POST_ID);
      const there = await at(OTHER_POST_ID);
      const both = await h.user('officer', [
        { role: 'officer', postId: TEST_POST_ID, province: null },
        { role: 'officer', postId: OTHER_POST_ID, province: null },
      ]);
      const admin = await h.user('admin');
      // Where each officer works now (the switching one starts at OTH: codes in order).
      const postOf = new Map<string, string>([
        ['here', TEST_POST_ID],
        ['there', OTHER_POST_ID],
        ['both', OTHER_POST_ID],
      ]);
      const headersOf = { here: here.headers, there: there.headers, both: both.headers };
      type Officer = keyof typeof headersOf;
      const devices: (Device & { officer: Officer })[] = (['here', 'here', 'there', 'both'] as const).map(
        (officer, i) => ({
          ...makeDevice(
            `scope${seed}-${i}`,
            () => h.app,
            () => headersOf[officer],
            { pushBatchSize: 3 },
          ),
          officer,
        }),
      );
      const created = new Set<string>();
      const counts = { create: 0, update: 0, transfer: 0, switch: 0, sync: 0, offline: 0 };

      for (let step = 0; step < STEPS; step++) {
        const d = pick(devices);
        const r = rand();
        if (r < 0.3) {
          // The app writes the officer's current post on a new traveller (db/travelers-repo.ts).
          const t = await writeRecord(
            'travelers',
            'create',
            { ...travelerInput({ fullName: `S${seed}-${step}` }), entryPostId: postOf.get(d.officer) },
            d.db,
          );
          created.add(t.id);
          counts.create++;
        } else if (r < 0.45) {
          const live = (await d.db.travelers.toArray()).filter((t) => !t.deletedAt);
          if (live.length > 0) {
            const { id, version: _v, syncStatus: _s, lastModified: _l, ...rest } = pick(live);
            await writeRecord('travelers', 'update', { ...rest, id, note: `edit ${step}` }, d.db);
            counts.update++;
          }
        } else if (r < 0.7) {
          await d.engine.sync();
          d.clock.now += 20_000;
          counts.sync++;
        } else if (r < 0.78) {
          d.transport.faults.offline = !d.transport.faults.offline;
          counts.offline++;
        } else if (r < 0.83) {
          d.transport.faults.dropReplyNext = 1;
        } else if (r < 0.93) {
          // An officer of the traveller's post transfers it to the other post.
          const server = [...(await serverTravelers(admin.headers))].filter(([, t]) => !t.deleted);
          if (server.length > 0) {
            const [id, t] = pick(server);
            const officer = t.post === TEST_POST_ID ? here : there;
            const to = t.post === TEST_POST_ID ? OTHER_POST_ID : TEST_POST_ID;
            const res = await h.app.inject({
              method: 'POST',
              url: `/api/travelers/${id}/transfer`,
              headers: officer.headers,
              payload: { postId: to, reason: `step ${step}` },
            });
            expect(res.statusCode, res.body).toBe(200);
            counts.transfer++;
          }
        } else {
          const to = postOf.get('both') === TEST_POST_ID ? OTHER_POST_ID : TEST_POST_ID;
          const res = await h.app.inject({
            method: 'POST',
            url: '/api/auth/post',
            headers: both.headers,
            payload: { postId: to },
          });
          expect(res.statusCode).toBe(200);
          postOf.set('both', to);
          counts.switch++;
        }
      }

      for (const d of devices)
        d.transport.faults = { ...d.transport.faults, offline: false, dropReplyNext: 0 };
      for (let round = 0; round < 4; round++) {
        for (const d of devices) {
          d.clock.now += 10 * 60_000;
          await syncUntilQuiet(d);
          for (const c of await d.db.conflicts.where('resolved').equals(0).toArray()) {
            const { resolveConflict } = await import('./resolutions.ts');
            await resolveConflict(c.id ?? 0, 'server_wins', null, d.db);
          }
        }
      }
      // The conflicts resolved last are sent (and what they leave out of the scope dropped).
      for (const d of devices) await syncUntilQuiet(d);
      const server = await serverTravelers(admin.headers);
      for (const d of devices) {
        const failed = await d.db.failedSyncItems.toArray();
        const refused = new Set(failed.map((f) => f.originalSyncItem.recordId));
        // What stays queued waits behind a refused change of the same record (kept, not dropped).
        for (const row of await d.db.syncQueue.toArray())
          expect({ blocked: row.blocked, refused: refused.has(row.recordId) }, d.name).toEqual({
            blocked: 1,
            refused: true,
          });
        // Only refusals for the post (a write that met a traveller gone to the other post, a
        // traveller registered for the post its officer just left) stay, as failed items.
        for (const f of failed) expect(f.errorDetails, d.name).toContain('post.errors');
        const post = postOf.get(d.officer);
        const expected = [...server]
          .filter(([id, t]) => t.post === post && !refused.has(id))
          .map(([id]) => id);
        const held = await d.db.travelers.toArray();
        const synced = held.filter((t) => !refused.has(t.id)).map((t) => t.id);
        expect(new Set(synced), `${d.name} at ${post}`).toEqual(new Set(expected));
        for (const t of held.filter((x) => !refused.has(x.id)))
          expect(t.version, t.id).toBe(server.get(t.id)?.version);
      }
      // Nothing lost: every traveller created reached the server, or is a refusal on its device.
      const refusedAnywhere = new Set(
        (await Promise.all(devices.map((d) => d.db.failedSyncItems.toArray())))
          .flat()
          .map((f) => f.originalSyncItem.recordId),
      );
      for (const id of created) expect(server.has(id) || refusedAnywhere.has(id), id).toBe(true);
      expect(counts.transfer).toBeGreaterThan(3);
      expect(counts.switch).toBeGreaterThan(2);
    });
  }
});
