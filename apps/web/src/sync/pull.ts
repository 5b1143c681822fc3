/**
 * Pull: pages of server changes since the saved cursor. Each page's rows and the new cursor are
 * saved in one transaction, so an interrupted pull resumes where it stopped and never skips.
 * A record with local changes not yet pushed (pending, conflict, error) is not overwritten:
 * local edits win until pushed, and the push will meet the server's version.
 */
import { LANDED_TABLES, type PullResponse } from '@bh/shared';
import { type BulkWrite, reportBulkWrites } from '../db/bulk-writes.ts';
import type { LocalRecord, PWADatabase, SyncTable } from '../db/database.ts';
import { storeFor, syncStores } from '../db/database.ts';
import { landInTransaction } from '../db/landing/index.ts';
import { dropTravelers, keepLeftovers, leftovers } from '../db/scope-drop.ts';
import { overSealed, sealRecords } from '../db/sealing.ts';
import { readForDecision } from './ack-journal.ts';
import { pullDecision } from './merge-rule.ts';
import { keepShadows } from './shadow.ts';

// A page is decoded and saved in one main-thread stretch: larger pages made longer tasks on a
// fresh device's pull, and larger pages than this pulled no faster. Pages are fetched while the
// previous one is saved, so the extra requests cost little (docs/decisions/010-landing-fresh-pull.md).
export const PULL_PAGE_SIZE = 2000;
const CURSOR_KEY = 'pullCursor';
const EPOCH_KEY = 'serverEpoch';
/** What the device holds ('post:<id>', ...; the pull page's `scope`): null before the first pull. */
const SCOPE_KEY = 'pullScope';
/**
 * A fresh device's head start (docs/decisions/018-travellers-first.md): how far its
 * travellers-only pull came (`to`, the change number) and whether it ended. Kept until the whole
 * pull that follows it ends, so an interrupted pull resumes in the right phase.
 */
const HEAD_KEY = 'pullHeadStart';

export interface HeadStartState {
  to: number;
  done: boolean;
}

export async function getHeadStart(database: PWADatabase): Promise<HeadStartState | null> {
  const value = (await database.meta.get(HEAD_KEY))?.value;
  if (typeof value !== 'object' || value === null || !('to' in value) || !('done' in value)) return null;
  return { to: Number(value.to), done: value.done === true };
}

/**
 * Whether a pull from cursor 0 starts with the travellers alone: on a device that holds no
 * traveller and has nothing unsent (a fresh device, or one whose data was cleared).
 */
export async function wantsHeadStart(database: PWADatabase): Promise<boolean> {
  return (
    (await database.travelers.count()) === 0 &&
    (await database.syncQueue.count()) === 0 &&
    (await database.failedSyncItems.count()) === 0
  );
}

export async function getPullScope(database: PWADatabase): Promise<string | null> {
  const value = (await database.meta.get(SCOPE_KEY))?.value;
  return typeof value === 'string' ? value : null;
}

/**
 * The device works in another scope (docs/decisions/014-points-of-entry.md): what it may no
 * longer hold goes (everything without local work: the new scope's records are pulled again from
 * 0), and the pull starts over. The run pushed what it could before pulling.
 */
export async function changeScope(
  database: PWADatabase,
  scope: string,
): Promise<{ dropped: number; kept: string[] }> {
  const outcome = await database.transaction('rw', syncStores(database), async () => {
    const dropped = await dropTravelers(database, 'all');
    await keepLeftovers(database, dropped.kept);
    await database.meta.put({ key: CURSOR_KEY, value: 0 });
    await database.meta.put({ key: SCOPE_KEY, value: scope });
    await database.meta.delete(FRESH_KEY);
    await database.meta.delete(HEAD_KEY);
    return dropped;
  });
  reportBulkWrites(database, []);
  return outcome;
}

/** The first pull of a device keeps the scope it pulls in. */
export async function keepPullScope(database: PWADatabase, scope: string) {
  await database.meta.put({ key: SCOPE_KEY, value: scope });
}

export async function getCursor(database: PWADatabase): Promise<number> {
  return Number((await database.meta.get(CURSOR_KEY))?.value ?? 0);
}

export async function getEpoch(database: PWADatabase): Promise<string | null> {
  const value = (await database.meta.get(EPOCH_KEY))?.value;
  return typeof value === 'string' ? value : null;
}

/**
 * The tables a first pull fills "fresh": their stores were empty when the pull started from
 * cursor 0, so until it ends they hold what it wrote and what was written locally meanwhile. A
 * record with local changes not yet pushed always has an outbox row, a failed item or an open
 * conflict (the sync centre's invariant), so while there are none, every stored record of such a
 * table is this pull's own synced copy, older than what a later page brings: the page is written
 * without reading the stored copies first. On a fresh device that read was a third of the main
 * thread's work per record (a get request and its success event; Chromium trace of 20,000
 * travellers). Tables where something else writes local fields (the system status figures,
 * users) always take the careful path.
 */
const FRESH_KEY = 'pullFreshTables';
const PUT_SLICE = 500;
/** The tables the shared registry lands on a fresh pull (packages/shared/src/sync/table-registry.ts). */
const BULK_TABLES: readonly SyncTable[] = LANDED_TABLES;

async function freshTables(database: PWADatabase): Promise<Set<SyncTable>> {
  let tables: SyncTable[];
  const kept = (await database.meta.get(FRESH_KEY))?.value;
  // Chosen when the pull starts (cursor 0, nothing chosen yet), kept until it ends: a head start
  // stays at cursor 0 while its travellers fill their store.
  if (((await database.meta.get(CURSOR_KEY))?.value ?? 0) || kept !== undefined) {
    tables = BULK_TABLES.filter((t) => Array.isArray(kept) && kept.includes(t));
  } else {
    tables = [];
    for (const table of BULK_TABLES) if ((await storeFor(database, table).count()) === 0) tables.push(table);
    await database.meta.put({ key: FRESH_KEY, value: tables });
  }
  if (tables.length === 0) return new Set();
  const unsettled =
    (await database.syncQueue.count()) +
    (await database.failedSyncItems.count()) +
    (await database.conflicts.where('resolved').equals(0).count());
  return unsettled === 0 ? new Set(tables) : new Set();
}

/** A pulled record (the server's fields) as a local record, before it is sealed. */
const pulledRecord = (record: Record<string, unknown>): LocalRecord => ({
  ...record,
  id: String(record.id),
  version: Number(record.version) || 0,
  syncStatus: 'synced',
  lastModified: 0,
});

/** A pulled record as stored: merged over the stored copy, synced. */
const synced = (record: Record<string, unknown>, now: number, local?: LocalRecord): LocalRecord => ({
  ...(local ?? {}),
  ...(record as LocalRecord),
  syncStatus: 'synced',
  lastModified: now,
});

/**
 * A page made ready to save, outside any transaction: its changes grouped by table (the echoes of
 * this device's own push left out), the departed travellers, and the records sealed (db/sealing.ts;
 * WebCrypto's promises would let a transaction commit early). The engine prepares the next page
 * while this one is written.
 */
export interface PreparedPage {
  page: PullResponse;
  byTable: Map<SyncTable, Record<string, unknown>[]>;
  sealedByTable: Map<SyncTable, LocalRecord[]>;
  departed: string[];
}

/**
 * Groups and seals one page. `echoes` (table:id -> version) are the versions this device's own
 * push was just acknowledged at: a pulled record at exactly that version is the push coming back,
 * which the device already holds, so it is skipped without reading the local copy.
 */
export async function preparePage(
  database: PWADatabase,
  page: PullResponse,
  echoes?: ReadonlyMap<string, number>,
): Promise<PreparedPage> {
  const byTable = new Map<SyncTable, Record<string, unknown>[]>();
  const departed: string[] = [];
  const skipEchoes = echoes !== undefined && echoes.size > 0;
  for (const change of page.changes) {
    // A traveller that left the device's scope (a transfer): dropped below, with its records.
    if (change.departed) {
      departed.push(String(change.record.id));
      continue;
    }
    if (
      skipEchoes &&
      echoes.get(`${change.table}:${String(change.record.id)}`) === Number(change.record.version)
    )
      continue;
    const list = byTable.get(change.table) ?? [];
    list.push(change.record);
    byTable.set(change.table, list);
  }
  const sealedByTable = new Map<SyncTable, LocalRecord[]>();
  for (const [table, records] of byTable)
    sealedByTable.set(table, await sealRecords(database, table, records.map(pulledRecord)));
  return { page, byTable, sealedByTable, departed };
}

/**
 * Saves one page (preparePage, then savePrepared).
 * @internal Exported for its tests only (knip --production): the engine prepares ahead.
 */
export async function savePage(
  database: PWADatabase,
  page: PullResponse,
  echoes?: ReadonlyMap<string, number>,
  /** A head start's page: it moves the head start's cursor, not the pull's. */
  headStart = false,
): Promise<number> {
  return savePrepared(database, await preparePage(database, page, echoes), headStart);
}

/**
 * Writes a prepared page in one transaction with its cursor. Stored sealed; the readers of this
 * tab (the traveller index) are handed the records in clear.
 */
export async function savePrepared(
  database: PWADatabase,
  { page, byTable, sealedByTable, departed }: PreparedPage,
  /** A head start's page: it moves the head start's cursor, not the pull's. */
  headStart = false,
): Promise<number> {
  let written = 0;
  const reports: BulkWrite[] = [];
  // Every synced store and the outbox tables: freshTables counts them.
  await database.transaction('rw', syncStores(database), async () => {
    const fresh = await freshTables(database);
    for (const [table, plainRecords] of byTable) {
      const records = sealedByTable.get(table) ?? [];
      const store = storeFor(database, table);
      const now = Date.now();
      if (fresh.has(table)) {
        // Only this pull's own older copies can be stored: the newer version wins. The records
        // land packed (db/landing/) and reach their store after the run.
        landInTransaction(store.name);
        // The prepared records are this page's own copies (preparePage): stamped in place, not
        // copied again (a copy of each of a fresh device's 100,000 records cost 0.7 s).
        for (const r of records) r.lastModified = now;
        // In slices: each put is cloned on the main thread as it is issued, and a whole page at
        // once made long tasks; larger slices saved no time and made more of them
        // (docs/decisions/010-landing-fresh-pull.md).
        for (let at = 0; at < records.length; at += PUT_SLICE)
          await store.bulkPut(records.slice(at, at + PUT_SLICE));
        written += records.length;
        reports.push({ table, records: plainRecords.map((r) => synced(r, now)), at: now });
        continue;
      }
      const ids = records.map((r) => String(r.id));
      // A record acknowledged but not yet folded must compare at its acknowledged version.
      const { records: existing, folded } = await readForDecision(database, table, ids, now);
      if (folded.length > 0) reports.push({ table, records: folded, at: now });
      const puts: LocalRecord[] = [];
      const told: LocalRecord[] = [];
      const skipped: Record<string, unknown>[] = [];
      records.forEach((record, i) => {
        const local = existing[i];
        const decision = pullDecision(local, record);
        if (decision === 'keep-local') skipped.push(record);
        // take-remote; up-to-date (e.g. our own push coming back) writes nothing.
        else if (decision === 'take-remote') {
          // A copy stored before sealing began loses its fields in clear to the envelope.
          puts.push(synced(record, now, local && overSealed(table, local, record)));
          told.push(synced(plainRecords[i] ?? record, now, local));
        }
      });
      await store.bulkPut(puts);
      written += puts.length;
      reports.push({ table, records: told, at: now });
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
    // Travellers pulled again are back in the scope; departed ones go, unless busy (kept for later).
    const pulledTravelers = new Set((byTable.get('travelers') ?? []).map((r) => String(r.id)));
    const before = await leftovers(database);
    const kept = departed.length > 0 ? (await dropTravelers(database, departed)).kept : [];
    if (before.length > 0 || kept.length > 0)
      await keepLeftovers(database, [...before.filter((id) => !pulledTravelers.has(id)), ...kept]);
    if (headStart)
      await database.meta.put({ key: HEAD_KEY, value: { to: page.cursor, done: !page.hasMore } });
    else await database.meta.put({ key: CURSOR_KEY, value: page.cursor });
    await database.meta.put({ key: EPOCH_KEY, value: page.epoch });
    if (!page.hasMore && !headStart) {
      await database.meta.delete(FRESH_KEY);
      await database.meta.delete(HEAD_KEY);
    }
  });
  reportBulkWrites(database, reports, page.hasMore);
  return written;
}

export async function resetCursor(database: PWADatabase, epoch: string) {
  await database.transaction('rw', database.meta, async () => {
    await database.meta.put({ key: CURSOR_KEY, value: 0 });
    await database.meta.put({ key: EPOCH_KEY, value: epoch });
    // A pull under way starts over: its fresh tables and head start are chosen again.
    await database.meta.delete(FRESH_KEY);
    await database.meta.delete(HEAD_KEY);
  });
}

/**
 * Travellers that left the device's scope while they had unsent work are dropped once that work
 * is settled (sent, resolved or discarded): called after each run's pull. Nothing to do (one
 * meta read) when none waits.
 */
export async function dropLeftovers(database: PWADatabase): Promise<void> {
  if ((await leftovers(database)).length === 0) return;
  await database.transaction('rw', syncStores(database), async () => {
    const { kept } = await dropTravelers(database, await leftovers(database));
    await keepLeftovers(database, kept);
  });
  reportBulkWrites(database, []);
}
