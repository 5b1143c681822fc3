/**
 * A pooled connection the server closes while idle (PostgreSQL or PgBouncer restarted) is counted
 * and dropped; it does not end the process, and the next query opens a new connection.
 * PostgreSQL only (its pass of the API tests): PGlite has no connection to lose.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url)('a lost idle connection (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, dataDir: null, poolMax: 2 });
  });
  afterAll(() => database.close());

  it('is counted, and the next query works on a new connection', async () => {
    const { rows } = await database.db.execute(sql`SELECT pg_backend_pid() AS pid`);
    const pid = Number(rows[0]?.pid);
    expect(database.connections()).toMatchObject({ open: 1, idle: 1, lost: 0 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]).finally(() => admin.end());
    for (let i = 0; i < 100 && database.connections().lost === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(database.connections()).toMatchObject({ open: 0, lost: 1 });
    const again = await database.db.execute(sql`SELECT pg_backend_pid() AS pid`);
    expect(Number(again.rows[0]?.pid)).not.toBe(pid);
  });
});
