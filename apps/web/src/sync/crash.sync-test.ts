import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PWADatabase } from '../db/database.ts';
import { SyncEngine } from './engine.ts';
import { writeRecords } from './outbox.ts';
import { fetchTransport } from './testing/fetch-transport.ts';
import { createServerProcess, type ServerProcess } from './testing/server-process.ts';
import { travelerInput } from './testing/sync-rig.ts';

let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
});

describe('a server killed in the middle of a batch', () => {
  it('SIGKILL during a 100-mutation push, restart: all applied once, in order', async () => {
    server = await createServerProcess();
    // Hold each push transaction open 4 s so the kill lands mid-batch.
    await server.start({ BH_TEST_HOLD_PUSH_MS: '4000' });
    const db = new PWADatabase(`crash-${Date.now()}`);
    const clock = { now: Date.now() };
    const engine = new SyncEngine({
      database: db,
      transport: fetchTransport(server.baseUrl, () => server!.token),
      clientId: async () => 'device-crash-test',
      now: () => clock.now,
      isOnline: () => true,
    });
    const made = await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 100 }, (_, i) =>
        travelerInput({ fullName: `Crash ${String(i).padStart(3, '0')}` }),
      ),
      db,
    );
    const run = engine.sync();
    await new Promise((r) => setTimeout(r, 1500));
    server.kill();
    const first = await run;
    expect(first.error).toBe('errors.network_error');
    expect(await db.syncQueue.count()).toBe(100);

    await server.start();
    // Nothing of the killed transaction was committed.
    const before = await fetch(`${server.baseUrl}/api/sync/status`, {
      headers: { authorization: `Bearer ${server.token}` },
    }).then((r) => r.json());
    expect(before.counts.travelers).toBe(0);

    for (let i = 0; i < 10 && (await db.syncQueue.count()) > 0; i++) {
      clock.now += 60_000;
      await engine.sync();
    }
    expect(await db.syncQueue.count()).toBe(0);
    await server.stop();
    const rows = await server.query(
      z.object({
        id: z.string(),
        full_name: z.string(),
        version: z.coerce.number(),
        change_seq: z.coerce.string(),
      }),
      sql`SELECT id::text AS id, full_name, version, change_seq FROM travelers ORDER BY change_seq`,
    );
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => Number(r.version) === 1)).toBe(true);
    // In order: the server's change order is the order the officer made them.
    expect(rows.map((r) => r.id)).toEqual(made.map((m) => m.id));
    const audits = await server.query(
      z.object({ n: z.coerce.number() }),
      sql`SELECT COUNT(*) AS n FROM audit_events WHERE action = 'traveler.create'`,
    );
    expect(Number(audits[0]!.n)).toBe(100);
    server = null;
  });
});
