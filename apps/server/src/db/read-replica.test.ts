/**
 * The read side (db/read-replica.ts), in the PostgreSQL pass: a second database stands for the
 * replica (same schema, older content), so where each read went shows in what it answers. Reads
 * that may lag answer the replica's rows; a read that needs a change the replica lacks goes to
 * the primary; a replica that does not answer leaves every read to the primary, without an error.
 * Real streaming replication (paused, stopped, promoted) is drilled by `npm run test:cluster`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxChangeSeq } from '../modules/sync/pull.ts';
import { type Database, type Db, openDatabase, queryRows } from './client.ts';

const url = process.env.DATABASE_URL;
const count = z.object({ n: z.coerce.number() });

async function posts(db: Db) {
  const [row] = await queryRows(db, count, sql`SELECT count(*) AS n FROM posts`);
  return row?.n ?? -1;
}

async function addPost(database: Database, code: string) {
  await database.db.execute(sql`INSERT INTO posts (id, code, name, kind, province, time_zone)
    VALUES (${randomUUID()}, ${code}, '{"vi":"x","en":"x","ja":"x"}', 'airport', 'Hà Nội', 'Asia/Ho_Chi_Minh')`);
}

describe.runIf(url)('reads on a replica (PostgreSQL)', () => {
  const names = { primary: `bh_reads_primary_${process.pid}`, replica: `bh_reads_replica_${process.pid}` };
  const urlOf = (name: string) => (url ? Object.assign(new URL(url), { pathname: `/${name}` }).href : '');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let replica: Database;
  let primary: Database;
  let unreachable: Database;

  beforeAll(async () => {
    for (const name of Object.values(names)) {
      await admin(`DROP DATABASE IF EXISTS ${name}`);
      await admin(`CREATE DATABASE ${name}`);
    }
    replica = await openDatabase({ databaseUrl: urlOf(names.replica), dataDir: null });
    primary = await openDatabase({
      databaseUrl: urlOf(names.primary),
      dataDir: null,
      readUrl: urlOf(names.replica),
    });
    // Nothing listens on port 1.
    unreachable = await openDatabase({
      databaseUrl: urlOf(names.primary),
      dataDir: null,
      readUrl: 'postgres://nobody@127.0.0.1:1/none',
    });
  });
  afterAll(async () => {
    await Promise.all([replica?.close(), primary?.close(), unreachable?.close()]);
    for (const name of Object.values(names)) await admin(`DROP DATABASE IF EXISTS ${name}`);
  });

  it('reads that may lag answer from the replica; a read past its position from the primary', async () => {
    await addPost(primary, 'AAA');
    await addPost(primary, 'BBB');
    await addPost(replica, 'AAA');
    const { reads } = primary;
    expect(reads.configured).toBe(true);
    expect(await posts(reads.db)).toBe(1);
    expect(await posts(primary.db)).toBe(2);
    // Change numbers: the replica holds none yet, so only position 0 is read there.
    expect(await reads.at(0, maxChangeSeq)).toBe(reads.db);
    expect(await reads.at(1, maxChangeSeq)).toBe(primary.db);
    const routed = reads.routed();
    expect(routed.replica).toBeGreaterThan(0);
    expect(routed.primary_behind).toBe(1);
    const status = await reads.status(maxChangeSeq);
    // A plain database, not a standby: up, no replay lag to tell.
    expect(status).toEqual({ up: true, lagSeconds: null, position: 0 });
  });

  it('a replica that does not answer: every read on the primary, no error', async () => {
    const { reads } = unreachable;
    expect(await posts(reads.db)).toBe(2);
    expect(await posts(reads.db)).toBe(2);
    expect(await reads.at(0, maxChangeSeq)).toBe(unreachable.db);
    const routed = reads.routed();
    expect(routed.replica).toBe(0);
    expect(routed.primary_fallback).toBe(1);
    expect(routed.primary_down).toBeGreaterThanOrEqual(2);
    expect((await reads.status(maxChangeSeq))?.up).toBe(false);
  });

  it('without DATABASE_READ_URL everything reads the primary', async () => {
    expect(replica.reads.configured).toBe(false);
    expect(replica.reads.db).toBe(replica.db);
    expect(await replica.reads.status(maxChangeSeq)).toBeNull();
  });
});
