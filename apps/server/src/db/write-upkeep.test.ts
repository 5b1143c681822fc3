/**
 * The upkeep after writes on PGlite (write-upkeep.ts, `Database.upkeep`): a table is analysed at its first
 * write of the process, only the tables written are, and a later refresh waits for the writes to
 * pause (or for the app to close) instead of running between the batches of a push run; the GIN
 * pending lists of the tables written are merged once the writes pause.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/pglite-template.ts';
import { type Database, openDatabase } from './client.ts';

const silent = { warn: () => {} };
let database: Database;

beforeAll(async () => {
  // Always PGlite (in memory): PostgreSQL keeps its own statistics, and nothing is done there.
  database = await openDatabase({ dataDir: null, copy: await pgliteTemplate() });
  database.upkeep.start(silent);
});
afterAll(() => database.close());

/** Rows counted by the last ANALYZE of `table` (-1: never analysed). */
async function counted(table: string, on: Database = database) {
  const { rows } = await on.db.execute(
    sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table} AND relkind = 'r'`,
  );
  return Number(rows[0]?.n);
}

/** `n` travellers written straight to the table (no writer reports them); `tag` keeps passports apart. */
async function addTravelers(n: number, on: Database = database, tag = 'T') {
  await on.db.execute(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, version, change_seq, entry_post_id)
    SELECT gen_random_uuid(), ${tag} || ' ' || g, ${tag} || 'P' || g, 'VN', '2026-01-01', 1, nextval('change_seq'),
      gen_random_uuid()
    FROM generate_series(1, ${n}) AS g`);
}

/**
 * `n` travellers written and reported to the upkeep, as the write path does; then 50 ms, for an
 * upkeep that starts at once to have started.
 */
async function writeTravelers(n: number, on: Database = database, tag = 'T') {
  await addTravelers(n, on, tag);
  on.upkeep.noteWrites({ travelers: n });
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('upkeep after writes on PGlite', () => {
  it('analyses an empty table again at its first write, at once, and the tables written only', async () => {
    // Analysed at start (upkeep.start), when it was empty.
    await database.upkeep.settled();
    expect(await counted('travelers')).toBe(0);
    await writeTravelers(100);
    expect(await counted('travelers')).toBe(100);
    await database.upkeep.settled();
    expect(await counted('check_ins')).toBe(0);
  });

  it('analyses the tables that hold rows at start, so a first write does not wait for it', async () => {
    const other = await openDatabase({ dataDir: null, copy: await pgliteTemplate() });
    try {
      await addTravelers(300, other);
      other.upkeep.start(silent);
      await other.upkeep.settled();
      expect(await counted('travelers', other)).toBe(300);
      await writeTravelers(100, other, 'U');
      // Not due (100 rows written, against at least 5,000): the statistics wait.
      expect(await counted('travelers', other)).toBe(300);
    } finally {
      await other.upkeep.settled();
      await other.close();
    }
  });

  it('refreshes a grown table once the writes pause, not between batches', async () => {
    for (let batch = 0; batch < 3; batch++) {
      await writeTravelers(2000);
      // Due after the third batch (6,000 rows written since), but the writes have not paused.
      expect(await counted('travelers')).toBe(100);
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await database.upkeep.settled();
    expect(await counted('travelers')).toBe(6100);
  });

  it('runs a waiting refresh when the app closes (upkeep.settled)', async () => {
    await writeTravelers(6000);
    expect(await counted('travelers')).toBe(6100);
    await database.upkeep.settled();
    expect(await counted('travelers')).toBe(12_100);
  });
});
