/**
 * Cheap fingerprint of what the database and the file store hold, to prove that a rejected
 * request wrote nothing: per table, the row count and a sum of row hashes (so an UPDATE shows
 * as well as an INSERT), all in one statement; plus the stored file names.
 * audit_events is left out on purpose: refusals (denied access, failed logins) are audited.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Harness } from './harness.ts';

const FINGERPRINT_TABLES = [
  'users',
  'sessions',
  'account_requests',
  'travelers',
  'health_declarations',
  'files',
  'system_status',
  'notifications',
  'push_subscriptions',
  'sync_clients',
  'applied_mutations',
] as const;

const query = sql.raw(
  `SELECT ${FINGERPRINT_TABLES.map(
    (t) =>
      `(SELECT count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text FROM ${t} x) AS ${t}`,
  ).join(', ')}`,
);

/** One string per table plus the file store; equal fingerprints mean nothing was written. */
export async function fingerprint(h: Harness): Promise<Record<string, string>> {
  const res = await h.database.db.execute(query);
  const out: Record<string, string> = {};
  for (const [table, value] of Object.entries(res.rows[0] ?? {})) out[table] = String(value);
  const dir = path.join(h.dataDir, 'files');
  out.stored_files = existsSync(dir) ? readdirSync(dir).sort().join(',') : '';
  return out;
}

/** The tables (and 'stored_files') whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]);
}

/**
 * A cheaper witness for long runs: a row trigger on every fingerprinted table counts row writes
 * in a side table (rolled back with the writing transaction, like the rows themselves), so one
 * tiny query per request tells whether anything was written. Test databases only.
 */
export async function installWriteCounter(
  h: Harness,
): Promise<{ read(): Promise<string>; remove(): Promise<void> }> {
  const run = (text: string) => h.database.db.execute(sql.raw(text));
  await run('CREATE TABLE IF NOT EXISTS fuzz_write_counter (tbl text PRIMARY KEY, n bigint NOT NULL)');
  await run(`CREATE OR REPLACE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_write_counter VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (tbl) DO UPDATE SET n = fuzz_write_counter.n + 1;
      RETURN NULL;
    END $$`);
  for (const t of FINGERPRINT_TABLES) {
    await run(`DROP TRIGGER IF EXISTS fuzz_count_write ON ${t}`);
    await run(`CREATE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE ON ${t}
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`);
  }
  const read = sql.raw(
    `SELECT coalesce(string_agg(tbl || ':' || n, ',' ORDER BY tbl), '') AS w FROM fuzz_write_counter`,
  );
  const dir = path.join(h.dataDir, 'files');
  return {
    async read() {
      const res = await h.database.db.execute(read);
      const files = existsSync(dir) ? readdirSync(dir).length : 0;
      return `${String(res.rows[0]?.w ?? '')}|files:${files}`;
    },
    async remove() {
      for (const t of FINGERPRINT_TABLES) await run(`DROP TRIGGER IF EXISTS fuzz_count_write ON ${t}`);
      await run('DROP FUNCTION IF EXISTS fuzz_count_write()');
      await run('DROP TABLE IF EXISTS fuzz_write_counter');
    },
  };
}
