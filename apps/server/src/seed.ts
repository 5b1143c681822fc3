import { SYSTEM_STATUS_ID } from '@bh/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemStatus } from './db/schema.ts';
import { ensureAdminFromEnv } from './modules/auth/admin.ts';
import { retireDemoAccounts, seedDemoUsers } from './modules/auth/seed.ts';
import { applyPostFromSettings, seedDemoPosts } from './modules/posts/seed.ts';
import { seedDemoTravelers } from './modules/travelers/seed.ts';
import { lockWrites } from './write-path/apply.ts';

/** Rows every database needs: the one system status record (initial mode pandemic). */
export async function seedBaseline(database: Database) {
  await database.db.transaction(async (tx) => {
    await lockWrites(tx);
    const existing = await tx
      .select({ id: systemStatus.id })
      .from(systemStatus)
      .where(eq(systemStatus.id, SYSTEM_STATUS_ID));
    if (existing.length > 0) return;
    await tx.insert(systemStatus).values({
      id: SYSTEM_STATUS_ID,
      mode: 'pandemic',
      version: 1,
      changeSeq: sql`nextval('change_seq')`,
    });
  });
}

/**
 * Demo data for a first start on an empty database (demo mode only): the demo accounts, the
 * three demo posts and who works there, and three sample travellers, so they reach devices by
 * sync like any other record. Each seeder is idempotent.
 */
async function seedDemo(database: Database) {
  await seedDemoUsers(database.db);
  await seedDemoPosts(database.db);
  await seedDemoTravelers(database);
}

/**
 * What a start does to the accounts: demo mode seeds the demo data; outside it the demo accounts
 * that still have their public passwords are disabled. Then the ADMIN_* admin is created if no
 * enabled admin exists. Returns the demo e-mails disabled, for the start-up log.
 */
export async function seedOnStart(database: Database, config: Config): Promise<string[]> {
  let retired: string[] = [];
  await applyPostFromSettings(database.db, config.POST_TIME_ZONE);
  if (config.demo) await seedDemo(database);
  else retired = await retireDemoAccounts(database.db);
  await ensureAdminFromEnv(database.db, config);
  return retired;
}
