/**
 * Pull: pages of server changes since the saved cursor. Each page's rows and the new cursor are
 * saved in one transaction, so an interrupted pull resumes where it stopped and never skips.
 * A record with local changes not yet pushed (pending, conflict, error) is not overwritten:
 * local edits win until pushed, and the push will meet the server's version.
 */
import type { PullResponse } from '@bh/shared';
import type { LocalRecord, PWADatabase, SyncTable } from '../db/database.ts';
import { storeFor } from '../db/database.ts';
import { keepShadows } from './shadow.ts';

// A page is decoded and saved in one main-thread stretch. A fresh device's pull of 200,000
// changes (bench/fresh-device-pull.bench.mjs, loaded 2-core machine) spent 11.6 s in long tasks,
// 9 of them over 200 ms, with pages of 5,000; 6.5 s and 5 with pages of 2,000. Pages are fetched
// while the previous one is saved, so the extra requests cost little.
export const PULL_PAGE_SIZE = 2000;
const CURSOR_KEY = 'pullCursor';
const EPOCH_KEY = 'serverEpoch';

export async function getCursor(database: PWADatabase): Promise<number> {
  return Number((await database.meta.get(CURSOR_KEY))?.value ?? 0);
}

export async function getEpoch(database: PWADatabase): Promise<string | null> {
  const value = (await database.meta.get(EPOCH_KEY))?.value;
  return typeof value === 'string' ? value : null;
}

/**
 * Saves one page. `echoes` (table:id -> version) are the versions this device's own push was just
 * acknowledged at: a pulled record at exactly that version is the push coming back, which the
 * device already holds, so it is skipped without reading the local copy.
 */
export async function savePage(
  database: PWADatabase,
  page: PullResponse,
  echoes?: ReadonlyMap<string, number>,
): Promise<number> {
  const byTable = new Map<SyncTable, Record<string, unknown>[]>();
  for (const change of page.changes) {
    if (echoes?.get(`${change.table}:${String(change.record.id)}`) === Number(change.record.version))
      continue;
    const list = byTable.get(change.table) ?? [];
    list.push(change.record);
    byTable.set(change.table, list);
  }
  const stores = [...byTable.keys()].map((t) => storeFor(database, t));
  let written = 0;
  await database.transaction('rw', [...stores, database.meta, database.conflicts], async () => {
    for (const [table, records] of byTable) {
      const store = storeFor(database, table);
      const existing = await store.bulkGet(records.map((r) => String(r.id)));
      const now = Date.now();
      const puts: LocalRecord[] = [];
      const skipped: Record<string, unknown>[] = [];
      records.forEach((record, i) => {
        const local = existing[i];
        if (local && local.syncStatus !== 'synced') {
          skipped.push(record);
          return;
        }
        // Already up to date (e.g. our own push coming back): nothing to write.
        if (local && Number(local.version) >= Number(record.version)) return;
        puts.push({ ...(local ?? {}), ...(record as LocalRecord), syncStatus: 'synced', lastModified: now });
      });
      await store.bulkPut(puts);
      written += puts.length;
      // The cursor moves past skipped changes: keep them, and let an open conflict show (and
      // on server_wins apply) the newest server version, not the one it was raised with.
      await keepShadows(database, table, skipped);
      for (const record of skipped) {
        await database.conflicts
          .where('recordId')
          .equals(String(record.id))
          .filter(
            (c) =>
              c.table === table &&
              c.resolved === 0 &&
              Number(c.serverData?.version ?? 0) < Number(record.version),
          )
          .modify({ serverData: record });
      }
    }
    await database.meta.put({ key: CURSOR_KEY, value: page.cursor });
    await database.meta.put({ key: EPOCH_KEY, value: page.epoch });
  });
  return written;
}

export async function resetCursor(database: PWADatabase, epoch: string) {
  await database.transaction('rw', database.meta, async () => {
    await database.meta.put({ key: CURSOR_KEY, value: 0 });
    await database.meta.put({ key: EPOCH_KEY, value: epoch });
  });
}
