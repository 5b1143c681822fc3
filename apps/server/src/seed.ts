import { sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { seedDemoUsers } from './modules/auth/seed.ts';
import { lockWrites } from './modules/sync/apply.ts';
import { seedDemoTravelers } from './modules/travelers/seed.ts';

/** Rows every database needs: the one system status record (initial mode pandemic). */
export async function seedBaseline(database: Database) {
  await database.db.transaction(async (tx) => {
    await lockWrites(tx);
    await tx.execute(sql`INSERT INTO system_status (id, mode, version, change_seq)
      SELECT 'current', 'pandemic', 1, nextval('change_seq')
      WHERE NOT EXISTS (SELECT 1 FROM system_status WHERE id = 'current')`);
  });
}

/**
 * Demo data for a first start on an empty database (SEED_DEMO, default on): the spec's three
 * accounts and its three sample travellers, so they reach devices by sync like any other
 * record. Each seeder is idempotent.
 */
export async function seedDemo(database: Database) {
  await seedDemoUsers(database);
  await seedDemoTravelers(database);
}
