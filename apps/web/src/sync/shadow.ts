/**
 * Server versions a pull had to skip because the record had local changes not yet pushed.
 * The pull cursor moves past them, so they are kept here: when the record's outbox empties at
 * an older version (e.g. a retried push answered "duplicate"), the newer server state is
 * applied from the shadow instead of being lost to this device.
 */
import type { LocalRecord, PWADatabase, SyncTable } from '../db/database.ts';

const SHADOW_PREFIX = 'shadow:';
const shadowKey = (table: SyncTable, id: string) => `${SHADOW_PREFIX}${table}:${id}`;

/** Is any shadow kept? One key-range request, so bulk paths can skip the per-record look-ups. */
export async function hasShadows(database: PWADatabase): Promise<boolean> {
  return (await database.meta.where('key').startsWith(SHADOW_PREFIX).limit(1).primaryKeys()).length > 0;
}

/** The version of a kept shadow (0 when none). */
const keptVersion = (value: unknown): number =>
  typeof value === 'object' && value !== null && 'version' in value ? Number(value.version ?? 0) : 0;

/** Keeps `record` if it is newer than the shadow already kept. Inside a transaction with meta. */
export async function keepShadows(
  database: PWADatabase,
  table: SyncTable,
  records: Record<string, unknown>[],
) {
  if (records.length === 0) return;
  const keys = records.map((r) => shadowKey(table, String(r.id)));
  const kept = await database.meta.bulkGet(keys);
  const puts = records
    .filter((r, i) => keptVersion(kept[i]?.value) < Number(r.version))
    .map((r) => ({ key: shadowKey(table, String(r.id)), value: r }));
  if (puts.length > 0) await database.meta.bulkPut(puts);
}

/** Removes and returns the shadows of these records (undefined where none). */
export async function takeShadows(
  database: PWADatabase,
  table: SyncTable,
  ids: string[],
): Promise<(LocalRecord | undefined)[]> {
  if (ids.length === 0) return [];
  const keys = ids.map((id) => shadowKey(table, id));
  const kept = await database.meta.bulkGet(keys);
  const found = keys.filter((_, i) => kept[i]);
  if (found.length > 0) await database.meta.bulkDelete(found);
  return kept.map((k) => k?.value as LocalRecord | undefined);
}
