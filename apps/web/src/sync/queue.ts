/**
 * The outbox seen by the sync engine: which rows go next, and what an answer does to them.
 * Each answer is applied in one Dexie transaction: the row leaves the outbox exactly when its
 * outcome (new version, conflict, failed item) is stored.
 */
import {
  conflictTypeFor,
  hasExhaustedRetries,
  isRetryableErrorType,
  type Mutation,
  type PushResult,
  pickWritableFields,
  retryDelayMs,
  validateMutationData,
} from '@bh/shared';
import type { FailedSyncItem, LocalRecord, PWADatabase, SyncQueueItem } from '../db/database.ts';
import { storeFor, syncStores } from '../db/database.ts';
import { openData, sealRecords } from '../db/sealing.ts';
import { BUILD_DATE } from '../lib/build.ts';
import { acknowledgeInBulk, type ScanHint } from './acknowledge.ts';
import { takeShadows } from './shadow.ts';

/** Earliest time any waiting row becomes due (for the back-off timer), or null. */
export async function nextDueTime(database: PWADatabase): Promise<number | null> {
  const first = await database.syncQueue
    .orderBy('nextAttemptAt')
    .filter((r) => r.blocked !== 1)
    .first();
  return first ? first.nextAttemptAt : null;
}

/** The mutations of rows, their data opened (a sealed record's row carries its envelope). */
export function openMutations(database: PWADatabase, rows: readonly SyncQueueItem[]): Promise<Mutation[]> {
  return Promise.all(
    rows.map(async (row) => {
      const m = toMutation(row);
      return m.data ? { ...m, data: await openData(database, row.table, row.recordId, m.data) } : m;
    }),
  );
}

function toMutation(row: SyncQueueItem): Mutation {
  return {
    seq: row.id,
    table: row.table,
    op: row.operation,
    id: row.recordId,
    baseVersion: row.operation === 'create' ? null : row.baseVersion,
    data: row.operation === 'delete' ? (row.data ?? null) : row.data,
  };
}

/**
 * Stamped on an outbox row whose data this build's rules found valid when it was queued
 * (outbox.ts): the data of a queued row never changes, so only another build's rules (an update
 * of the app) can judge it differently. The build's date; 'dev' outside a build (unit tests).
 */
export const RULES_STAMP = BUILD_DATE ?? 'dev';

/**
 * Checks rows before sending; the ones that can never be accepted become failed items. Rows this
 * build checked as they were queued are not checked again: checking them here cost the page's
 * time during the push, some of it before the first batch could leave
 * (docs/decisions/012-write-path-upkeep.md).
 */
export async function rejectInvalidRows(database: PWADatabase, rows: SyncQueueItem[]) {
  const valid: SyncQueueItem[] = [];
  const invalid: { row: SyncQueueItem; details: string }[] = [];
  for (const row of rows) {
    if (row.checkedBy === RULES_STAMP) {
      valid.push(row);
      continue;
    }
    const data = await openData(database, row.table, row.recordId, row.data ?? null);
    const check = validateMutationData(row.table, row.operation, data);
    if (check.ok) valid.push(row);
    else invalid.push({ row, details: JSON.stringify(check.errors) });
  }
  if (invalid.length > 0) {
    await database.transaction('rw', syncStores(database), async () => {
      for (const { row, details } of invalid) await failRow(database, row, 'validation_failed', details);
    });
  }
  return valid;
}

async function blockRecord(database: PWADatabase, row: SyncQueueItem) {
  await database.syncQueue
    .where('recordId')
    .equals(row.recordId)
    .filter((r) => r.table === row.table)
    .modify({ blocked: 1 });
}

/**
 * Moves a row to the failed items (retryable unless the server refused its data); later rows of
 * its record wait until it is retried.
 */
async function failRow(
  database: PWADatabase,
  row: SyncQueueItem,
  errorType: FailedSyncItem['errorType'],
  details: string,
  now = Date.now(),
) {
  await database.syncQueue.delete(row.id);
  await database.failedSyncItems.add({
    originalSyncItem: row,
    errorType,
    errorDetails: details,
    timestamp: now,
    canRetry: isRetryableErrorType(errorType) ? 1 : 0,
  });
  await blockRecord(database, row);
  await storeFor(database, row.table).update(row.recordId, { syncStatus: 'error' });
}

/** Same writable data? Then a "conflict" on create is our own earlier write coming back. */
function sameData(
  row: SyncQueueItem,
  mine: Record<string, unknown> | null | undefined,
  server: Record<string, unknown> | null | undefined,
) {
  if (!server || server.deletedAt || !mine) return false;
  const theirs = pickWritableFields(row.table, server);
  const norm = (v: unknown) => (v === undefined ? 'null' : JSON.stringify(v));
  // Every writable field counts: one the row does not carry is null on the server after it.
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys].every((k) => norm(mine[k]) === norm(theirs[k]));
}

export interface AckSummary {
  applied: number;
  conflicts: number;
  rejected: number;
}

/** Applies the server's per-mutation results in one transaction. */
export async function applyPushResults(
  database: PWADatabase,
  rows: SyncQueueItem[],
  results: PushResult[],
  hint?: ScanHint,
): Promise<AckSummary> {
  const bySeq = new Map(results.map((r) => [r.seq, r]));
  const summary: AckSummary = { applied: 0, conflicts: 0, rejected: 0 };
  // A conflict's two sides, opened and sealed before the transaction (db/sealing.ts): the row's
  // data to compare in clear, the server's record to keep sealed.
  const mineBySeq = new Map<number, Record<string, unknown> | null>();
  const serverBySeq = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    const server = bySeq.get(row.id)?.serverRecord;
    if (!server) continue;
    mineBySeq.set(row.id, await openData(database, row.table, row.recordId, row.data ?? null));
    const [sealed] = await sealRecords(database, row.table, [{ ...server, id: String(server.id) }]);
    if (sealed) serverBySeq.set(row.id, sealed);
  }
  await database.transaction('rw', syncStores(database), async () => {
    // Fast path, in bulk: plain acknowledgements (the common case of a large push).
    const plain = rows.filter((row) => {
      const s = bySeq.get(row.id)?.status;
      return s === 'applied' || s === 'duplicate';
    });
    await acknowledgeInBulk(database, plain, bySeq, hint);
    summary.applied += plain.length;
    const plainIds = new Set(plain.map((r) => r.id));
    for (const row of rows) {
      if (plainIds.has(row.id)) continue;
      const result = bySeq.get(row.id);
      if (!result) continue; // not answered: stays queued
      let status = result.status;
      let version = result.version;
      const server = result.serverRecord;
      if (
        status === 'conflict' &&
        row.operation !== 'delete' &&
        server &&
        sameData(row, mineBySeq.get(row.id), server)
      ) {
        // The server already holds exactly this change (an earlier try whose answer was lost).
        status = 'applied';
        version = Number(server.version);
      }
      const store = storeFor(database, row.table);
      if (status === 'applied' || status === 'duplicate') {
        summary.applied++;
        await database.syncQueue.delete(row.id);
        const later = database.syncQueue
          .where('recordId')
          .equals(row.recordId)
          .filter((r) => r.table === row.table);
        const remaining = await later.count();
        if (version !== undefined) await later.modify({ baseVersion: version });
        const local = await store.get(row.recordId);
        if (local) {
          const patch: Partial<LocalRecord> = { version: version ?? local.version };
          if (remaining === 0 && local.syncStatus === 'pending') {
            patch.syncStatus = 'synced';
            const [shadow] = await takeShadows(database, row.table, [row.recordId]);
            if (shadow && Number(shadow.version) > Number(patch.version))
              Object.assign(patch, shadow, { syncStatus: 'synced' });
          }
          await store.update(row.recordId, patch);
        }
      } else if (status === 'conflict') {
        summary.conflicts++;
        await database.syncQueue.delete(row.id);
        const local = (await store.get(row.recordId)) ?? null;
        const server = serverBySeq.get(row.id) ?? null;
        await database.conflicts.add({
          table: row.table,
          recordId: row.recordId,
          localData: local,
          serverData: server,
          conflictType: conflictTypeFor(row.operation, server),
          timestamp: Date.now(),
          resolved: 0,
          syncQueueId: row.id,
          operation: row.operation,
        });
        await blockRecord(database, row);
        if (local) await store.update(row.recordId, { syncStatus: 'conflict' });
      } else {
        summary.rejected++;
        await failRow(database, row, 'validation_failed', JSON.stringify(result.errors ?? []));
      }
    }
  });
  return summary;
}

/** A push that got no usable answer: back off, and after the last try list the rows as failed. */
export async function recordPushFailure(
  database: PWADatabase,
  rows: SyncQueueItem[],
  failure: { errorType: 'network' | 'max_retries_exceeded'; message: string; retryAfterMs?: number },
  now: number,
  random: () => number = Math.random,
) {
  await database.transaction('rw', syncStores(database), async () => {
    for (const row of rows) {
      const retryCount = row.retryCount + 1;
      if (hasExhaustedRetries(retryCount)) {
        await failRow(database, { ...row, retryCount }, failure.errorType, failure.message, now);
      } else {
        const delay = Math.max(retryDelayMs(retryCount - 1, random), failure.retryAfterMs ?? 0);
        await database.syncQueue.update(row.id, {
          retryCount,
          nextAttemptAt: now + delay,
          lastError: failure.message,
        });
      }
    }
  });
}
