/**
 * Behind a transaction pooler the server does not migrate (MIGRATE_AT_START=false): it checks that
 * `npm run migrate` applied every migration and refuses to start on a database that lacks one.
 * PostgreSQL only (the PostgreSQL pass of the API tests, scripts/with-postgres.mjs); the PGlite
 * pass has nothing to check, as the embedded database always migrates itself.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationsMissing, openDatabase } from './client.ts';

const url = process.env.DATABASE_URL;
const emptyDb = `bh_migrate_check_${process.pid}`;
/** The same server, another (empty) database. */
const emptyUrl = url ? Object.assign(new URL(url), { pathname: `/${emptyDb}` }).href : '';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.runIf(url)('migrations checked instead of applied (PostgreSQL)', () => {
  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${emptyDb}`);
    await admin(`CREATE DATABASE ${emptyDb}`);
  });
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${emptyDb}`));

  it('a database without the migrations is refused, naming npm run migrate', async () => {
    const opening = openDatabase({ databaseUrl: emptyUrl, dataDir: null, migrate: 'check' });
    await expect(opening).rejects.toBeInstanceOf(MigrationsMissing);
    await expect(opening).rejects.toThrow(/npm run migrate/);
  });

  it('a pool of one connection applies them (the lock and the migrations share it), then the check passes', async () => {
    const migrated = await openDatabase({ databaseUrl: emptyUrl, dataDir: null, poolMax: 1 });
    await migrated.close();
    const checked = await openDatabase({ databaseUrl: emptyUrl, dataDir: null, migrate: 'check' });
    try {
      const { rows } = await checked.db.execute(sql`SELECT count(*)::int AS n FROM travelers`);
      expect(rows[0]?.n).toBe(0);
      expect(checked.connections()).toMatchObject({ max: 10, waiting: 0 });
    } finally {
      await checked.close();
    }
  });
});
