/**
 * PGlite's planner statistics (planner-statistics.ts): a table is analysed at its first write of
 * the process, only the tables written are, and a later refresh waits for the writes to pause
 * (or for the app to close) instead of running between the batches of a push run.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { refreshStatisticsLater, statisticsSettled } from './planner-statistics.ts';

const silent = { warn: () => {} };
let database: Database;

beforeAll(async () => {
  // Always PGlite (in memory): PostgreSQL keeps its own statistics, and nothing is done there.
  database = await openDatabase({ dataDir: null });
});
afterAll(() => database.close());

/** Rows counted by the last ANALYZE of `table` (-1: never analysed). */
async function counted(table: string) {
  const { rows } = await database.db.execute(
    sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = ${table} AND relkind = 'r'`,
  );
  return Number(rows[0]?.n);
}

async function addTravelers(n: number) {
  await database.db.execute(sql`INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, version, change_seq)
    SELECT gen_random_uuid(), 'T ' || g, 'P' || g, 'VN', '2026-01-01', 1, nextval('change_seq')
    FROM generate_series(1, ${n}) AS g`);
}

const settledSoon = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('planner statistics on PGlite', () => {
  it('analyses a table at its first write at once, the tables written only', async () => {
    await addTravelers(100);
    expect(await counted('travelers')).toBe(-1);
    refreshStatisticsLater(database, { travelers: 100 }, silent);
    await settledSoon();
    await statisticsSettled(database);
    expect(await counted('travelers')).toBe(100);
    expect(await counted('check_ins')).toBe(-1);
  });

  it('refreshes a grown table once the writes pause, not between batches', async () => {
    for (let batch = 0; batch < 3; batch++) {
      await addTravelers(2000);
      refreshStatisticsLater(database, { travelers: 2000 }, silent);
      await settledSoon();
      // Due after the third batch (6,000 rows written since), but the writes have not paused.
      expect(await counted('travelers')).toBe(100);
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await statisticsSettled(database);
    expect(await counted('travelers')).toBe(6100);
  });

  it('runs a waiting refresh when the app closes (statisticsSettled)', async () => {
    await addTravelers(6000);
    refreshStatisticsLater(database, { travelers: 6000 }, silent);
    await settledSoon();
    expect(await counted('travelers')).toBe(6100);
    await statisticsSettled(database);
    expect(await counted('travelers')).toBe(12_100);
  });
});
