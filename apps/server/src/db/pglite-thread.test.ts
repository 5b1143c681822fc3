/**
 * PGlite on its own thread (pglite-thread.ts), as drizzle uses it: one statement or one whole
 * transaction at a time, database errors with their SQLSTATE, dates as text, and a data
 * directory that keeps what was committed when the server opens it again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/pglite-template.ts';
import { type Database, openDatabase } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null, copy: await pgliteTemplate() });
  await database.db.execute(sql`CREATE TABLE thread_probe (id int PRIMARY KEY, note text)`);
});
afterAll(() => database.close());

const count = async () =>
  Number((await database.db.execute(sql`SELECT count(*)::int AS n FROM thread_probe`)).rows[0]?.n);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PGlite on its own thread', () => {
  it('runs a statement sent during a transaction after it, never inside it', async () => {
    let inside = -1;
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO thread_probe VALUES (1, 'in the transaction')`);
      await pause(50);
      inside = Number((await t.execute(sql`SELECT count(*)::int AS n FROM thread_probe`)).rows[0]?.n);
      throw new Error('rolled back');
    });
    // Sent while the transaction is open. Run inside it, it would see the transaction's row;
    // it waits for the ROLLBACK instead and sees none.
    const outside = count();
    await expect(tx).rejects.toThrow('rolled back');
    expect(inside).toBe(1);
    expect(await outside).toBe(0);
    await database.db.execute(sql`INSERT INTO thread_probe VALUES (1, 'committed')`);
  });

  it('rolls a transaction back when it throws, and the connection goes on', async () => {
    await expect(
      database.db.transaction(async (t) => {
        await t.execute(sql`INSERT INTO thread_probe VALUES (2, 'rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(1);
  });

  it('gives a database error its SQLSTATE, and a failed transaction leaves nothing', async () => {
    const failed = database.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO thread_probe VALUES (3, 'first')`);
      await t.execute(sql`INSERT INTO thread_probe VALUES (1, 'same key')`);
    });
    const err = await failed.then(
      () => null,
      (e: unknown) => e,
    );
    // drizzle wraps the driver's error; the SQLSTATE is on its cause.
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    expect(await count()).toBe(1);
  });

  it('answers concurrent statements in the order they were sent', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      database.db.execute(sql`INSERT INTO thread_probe VALUES (${100 + i}, ${`row ${i}`})`),
    );
    const seen = database.db.execute(sql`SELECT count(*)::int AS n FROM thread_probe WHERE id >= 100`);
    await Promise.all(writes);
    expect(Number((await seen).rows[0]?.n)).toBe(20);
  });

  it('keeps dates and timestamps as the text PostgreSQL sends, as drizzle expects', async () => {
    const { rows } = await database.db.execute(
      sql`SELECT '2026-11-27'::date AS d, '2026-11-27 05:00:00+00'::timestamptz AS t, 42::bigint AS n`,
    );
    expect(rows[0]).toMatchObject({ d: '2026-11-27', t: expect.stringMatching(/^2026-11-27 05:00:00/) });
  });

  it('keeps committed rows in its data directory when opened again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bh-thread-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.db.execute(sql`CREATE TABLE kept (id int PRIMARY KEY)`);
      await first.db.transaction((t) => t.execute(sql`INSERT INTO kept VALUES (7)`));
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const { rows } = await second.db.execute(sql`SELECT id FROM kept`);
      await second.close();
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
