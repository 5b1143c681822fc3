/**
 * No personal data comes back to an anonymised traveller (docs/decisions/017-retention-and-rights.md):
 * a device that still holds unsent edits of it (or resolves the version conflict the anonymisation
 * caused with its own copy) is refused with 'privacy.errors.anonymised', a failed item the officer
 * sees, for every write of the traveller and its declaration, timeline and check-ins but a delete.
 */
import { SYNC_TABLE_SPECS, type SyncOp } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import type { RoundItem } from './hooks.ts';
import type { Exec } from './rounds.ts';
import type { WritableTable } from './tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The items (record id -> error code) whose traveller was anonymised. */
export async function anonymisedRejections(
  tx: Exec,
  table: WritableTable,
  op: SyncOp,
  items: RoundItem[],
): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  if (op === 'delete' || SYNC_TABLE_SPECS[table.name].scope !== 'traveler' || items.length === 0)
    return refused;
  const travelerOf = (item: RoundItem) => {
    const parent = item.row?.travelerId;
    return table.name === 'travelers' ? item.id : typeof parent === 'string' ? parent : null;
  };
  const ids = [...new Set(items.flatMap((i) => travelerOf(i) ?? []))].filter((id) => UUID.test(id));
  if (ids.length === 0) return refused;
  const rows = await queryRows(
    tx,
    z.object({ id: z.string() }),
    sql`SELECT traveler_id::text AS id FROM traveler_privacy
      WHERE anonymised_at IS NOT NULL AND traveler_id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  if (rows.length === 0) return refused;
  const gone = new Set(rows.map((r) => r.id));
  for (const item of items)
    if (gone.has(travelerOf(item) ?? '')) refused.set(item.id, 'privacy.errors.anonymised');
  return refused;
}
