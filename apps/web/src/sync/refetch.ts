/**
 * Records to re-read from the server (their local change was discarded): kept in `meta`
 * under one key and fetched by the engine on its next run, then stored as synced unless the
 * officer has changed them again meanwhile.
 */
import { SYNC_TABLES, type SyncTable } from '@bh/shared';
import { z } from 'zod';
import type { LocalRecord, PWADatabase } from '../db/database.ts';
import { storeFor } from '../db/database.ts';
import { sealRecords } from '../db/sealing.ts';
import { readForDecision } from './ack-journal.ts';

const KEY = 'refetch';
/** The list kept under KEY; anything else there (none yet, or damaged) counts as empty. */
const wantedSchema = z.array(z.object({ table: z.enum(SYNC_TABLES), id: z.string() })).catch([]);
type Wanted = z.infer<typeof wantedSchema>;

async function readWanted(database: PWADatabase): Promise<Wanted> {
  return wantedSchema.parse((await database.meta.get(KEY))?.value);
}

export async function markForRefetch(database: PWADatabase, table: SyncTable, id: string) {
  const wanted = await readWanted(database);
  if (!wanted.some((w) => w.table === table && w.id === id)) wanted.push({ table, id });
  await database.meta.put({ key: KEY, value: wanted });
}

export async function refetchDiscarded(
  database: PWADatabase,
  fetchRecords: (table: SyncTable, ids: string[]) => Promise<{ records: Record<string, unknown>[] }>,
) {
  const wanted = await readWanted(database);
  if (wanted.length === 0) return;
  const tables = [...new Set(wanted.map((w) => w.table))];
  for (const table of tables) {
    const ids = wanted.filter((w) => w.table === table).map((w) => w.id);
    const fetched = await fetchRecords(table, ids);
    // Stored sealed (db/sealing.ts), sealed before the transaction.
    const records = await sealRecords(
      database,
      table,
      fetched.records.map((r) => ({ ...r, id: String(r.id) })),
    );
    const store = storeFor(database, table);
    await database.transaction(
      'rw',
      [store, database.meta, database.ackJournal, database.syncQueue],
      async () => {
        const { records: locals } = await readForDecision(
          database,
          table,
          records.map((r) => String(r.id)),
        );
        for (const [i, record] of records.entries()) {
          const local = locals[i];
          if (local && local.syncStatus !== 'synced') continue; // changed again: its push decides
          await store.put({ ...(record as LocalRecord), syncStatus: 'synced', lastModified: Date.now() });
        }
        const left = (await readWanted(database)).filter((w) => !(w.table === table && ids.includes(w.id)));
        await database.meta.put({ key: KEY, value: left });
      },
    );
  }
}
