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

export const FINGERPRINT_TABLES = [
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
