import { afterEach, beforeEach } from 'vitest';
import { PWADatabase } from '../db/database.ts';
import { TravelerIndex } from '../db/traveler-index.ts';

/** The local database and its traveller index of the running test (replaced before each test). */
export type TestDatabase = { database: PWADatabase; index: TravelerIndex };

/**
 * Gives every test of the file a fresh, opened local database (named `<name>-<n>`) with its
 * traveller index, and stops, closes and deletes them after the test.
 */
export function freshDatabaseEachTest(name: string): TestDatabase {
  let n = 0;
  const database = new PWADatabase(`${name}-unopened`);
  const current: TestDatabase = { database, index: new TravelerIndex(database) };
  beforeEach(async () => {
    current.database = new PWADatabase(`${name}-${++n}`);
    await current.database.open();
    current.index = new TravelerIndex(current.database);
  });
  afterEach(async () => {
    current.index.stop();
    current.database.close();
    await current.database.delete();
  });
  return current;
}
