import { sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { lockWrites } from './modules/sync/apply.ts';

/** Rows every database needs: the one system status record (initial mode pandemic). */
export async function seedBaseline(database: Database) {
  await database.db.transaction(async (tx) => {
    await lockWrites(tx);
    await tx.execute(sql`INSERT INTO system_status (id, mode, version, change_seq)
      SELECT 'current', 'pandemic', 1, nextval('change_seq')
      WHERE NOT EXISTS (SELECT 1 FROM system_status WHERE id = 'current')`);
  });
}
