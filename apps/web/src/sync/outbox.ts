/**
 * Local writes. Every change to a synced record is written together with its outbox row
 * (`syncQueue`) in one Dexie transaction, so a change is either fully recorded (and will reach
 * the server) or not at all.
 *
 * Outbox rows carry the record's writable fields at write time and the server version the
 * change was made on (`baseVersion`). A record not yet acknowledged has version 0: later rows
 * of it wait behind the create and are rebased on its version when the server answers.
 */
import {
  isRetryableErrorType,
  type NewSyncQueueItem,
  newRecordId,
  pickWritableFields,
  type SyncOp,
  type SyncTable,
  validateMutationData,
} from '@bh/shared';
import {
  db as defaultDb,
  type LocalRecord,
  type LocalRecordOf,
  type PWADatabase,
  storeFor,
} from '../db/database.ts';
import { envelopeIv, isEnvelope, openRecords, overSealed, sealRecords } from '../db/sealing.ts';
import { subscribeDeviceKeys } from '../lib/device-lock.ts';
import { readForDecision } from './ack-journal.ts';
import { RULES_STAMP } from './queue.ts';
import type { PreparedUpdates } from './sealed-updates.ts';

class RecordNotFoundError extends Error {
  constructor(table: SyncTable, id: string) {
    super(`${table === 'travelers' ? 'Traveler' : 'Record'} with id ${id} not found`);
  }
}

export interface WriteInput {
  id?: string;
  [field: string]: unknown;
}

const nowIso = () => new Date().toISOString();

/**
 * What the app does after local writes, given by runtime.ts when the sync engine starts (the
 * outbox knows neither the triggers nor the notices); nothing until then, and in tests.
 */
export interface LocalWriteHooks {
  /** After each committed local write: a sync follows shortly (sync/triggers.ts). */
  written: () => void;
  /** The device's storage is full: tell the officer (the caller still gets the error). */
  quotaExceeded: () => void;
}
let hooks: LocalWriteHooks = { written: () => {}, quotaExceeded: () => {} };

export function setLocalWriteHooks(given: LocalWriteHooks) {
  hooks = given;
}

function newQueueRow(
  table: SyncTable,
  operation: SyncOp,
  record: LocalRecord,
  baseVersion: number | null,
  blocked: boolean,
  reason?: unknown,
  plain?: LocalRecord,
): NewSyncQueueItem {
  const now = Date.now();
  // A delete carries nothing, or the reason given for it (kept in the server's audit trail).
  const deleteData = typeof reason === 'string' && reason !== '' ? { reason } : null;
  const data: Record<string, unknown> | null =
    operation === 'delete' ? deleteData : pickWritableFields(table, record);
  // A sealed record's private fields travel in its envelope (db/sealing.ts), opened as it is sent.
  if (data && operation !== 'delete' && isEnvelope(record.sealed)) data.sealed = record.sealed;
  const row: NewSyncQueueItem = {
    operation,
    table,
    recordId: record.id,
    data,
    baseVersion,
    timestamp: now,
    retryCount: 0,
    // Due at once, whatever the engine's clock says.
    nextAttemptAt: 0,
    blocked: blocked ? 1 : 0,
  };
  // Checked once, as it is queued (its data never changes in the outbox): the push sends a row
  // this build found valid without checking it again. One that is not valid is queued as before,
  // and the push turns it into a failed item (queue.ts, rejectInvalidRows).
  // A sealed row is checked on the fields in clear it was made from, when the caller has them.
  const checked = data?.sealed === undefined ? data : plain ? pickWritableFields(table, plain) : undefined;
  if (
    checked !== undefined &&
    validateMutationData(table, operation, operation === 'delete' ? data : checked).ok
  )
    row.checkedBy = RULES_STAMP;
  return row;
}

/** Is this record waiting on a conflict the user must resolve? Then new rows wait too. */
async function hasOpenConflict(database: PWADatabase, table: SyncTable, id: string) {
  return (
    (await database.conflicts
      .where('recordId')
      .equals(id)
      .filter((c) => c.table === table && c.resolved === 0)
      .count()) > 0
  );
}

/**
 * Replaces every waiting outbox row and failed item of one record by a single row carrying
 * the record's current state. Used when a record is unblocked (retry, conflict resolution,
 * a new edit after a rejected change). Must run inside a transaction over syncQueue,
 * failedSyncItems and the record's store.
 */
export async function coalesceRecord(
  database: PWADatabase,
  table: SyncTable,
  record: LocalRecord,
  opts: { baseVersion: number | null; existsOnServer: boolean },
): Promise<void> {
  const rows = () =>
    database.syncQueue
      .where('recordId')
      .equals(record.id)
      .filter((r) => r.table === table);
  const failed = () =>
    database.failedSyncItems.filter(
      (f) => f.originalSyncItem.recordId === record.id && f.originalSyncItem.table === table,
    );
  // A create that was sent but never acknowledged (lost reply, server errors) may have been
  // applied: then the server holds the record although our version is still 0.
  const createMaybeApplied =
    (await rows()
      .filter((r) => r.operation === 'create' && r.retryCount > 0)
      .count()) > 0 ||
    (await failed()
      .filter((f) => f.originalSyncItem.operation === 'create' && isRetryableErrorType(f.errorType))
      .count()) > 0;
  await rows().delete();
  await failed().delete();
  const store = storeFor(database, table);
  if (record.deletedAt) {
    if (opts.existsOnServer) {
      await database.syncQueue.add(newQueueRow(table, 'delete', record, opts.baseVersion, false));
    } else if (createMaybeApplied) {
      // Send the create again (the server recognises it if it has it), then the delete on top.
      await database.syncQueue.add(newQueueRow(table, 'create', record, null, false));
      await database.syncQueue.add(newQueueRow(table, 'delete', record, null, false));
    } else {
      // Never reached the server and now deleted: nothing to send.
      await store.update(record.id, { syncStatus: 'synced', lastModified: Date.now() });
      return;
    }
  } else {
    const op: SyncOp = opts.existsOnServer ? 'update' : 'create';
    await database.syncQueue.add(
      newQueueRow(table, op, record, opts.existsOnServer ? opts.baseVersion : null, false),
    );
  }
  await store.update(record.id, { syncStatus: 'pending', lastModified: Date.now() });
}

/**
 * The stores a local write of `table` touches. No caller wraps writeRecord(s) in a transaction of
 * its own: the write seals before its transaction (decision 016).
 */
function localWriteStores(database: PWADatabase, table: SyncTable) {
  return [
    storeFor(database, table),
    database.syncQueue,
    database.failedSyncItems,
    database.conflicts,
    database.ackJournal,
  ];
}

/** Writes one record locally and queues its change. Returns the stored record. */
export async function writeRecord<T extends SyncTable>(
  table: T,
  op: SyncOp,
  input: WriteInput,
  database: PWADatabase = defaultDb,
): Promise<LocalRecordOf[T]> {
  const [saved] = await writeRecords(table, op, [input], database);
  if (!saved) throw new RecordNotFoundError(table, input.id ?? '(none)');
  // What the table's store holds: the record of that table (the input merged over it).
  return saved as LocalRecordOf[T];
}

/**
 * Writes many records of one table in ONE transaction (bulk import, benchmarks). Creates need
 * no id (one is made); updates merge the given fields over the stored record; deletes leave a
 * tombstone that syncs.
 */
export async function writeRecords(
  table: SyncTable,
  op: SyncOp,
  inputs: WriteInput[],
  database: PWADatabase = defaultDb,
): Promise<LocalRecord[]> {
  // Sealed before the transaction, opened after it (WebCrypto inside would let it commit early).
  for (let attempt = 0; ; attempt++) {
    const prepared = await prepareUpdates(database, table, op, inputs);
    try {
      const saved = await writeRecordsOnce(table, op, inputs, database, prepared);
      hooks.written();
      return await openRecords(database, table, saved.records);
    } catch (err) {
      // Another write sealed the record again meanwhile: merge over that one.
      if (!(err instanceof SealedMeanwhile) || attempt >= 3) throw err;
    }
  }
}

class SealedMeanwhile extends Error {}

/** sealed-updates.ts, loaded as the device unlocks (else at the first sealed update). */
let sealedUpdates: typeof import('./sealed-updates.ts') | undefined;
const loadSealedUpdates = () =>
  import('./sealed-updates.ts').then((m) => {
    sealedUpdates = m;
    return m;
  });
subscribeDeviceKeys((keys) => {
  if (keys && !sealedUpdates) void loadSealedUpdates().catch(() => {});
});

/**
 * An update of a sealed table's records, prepared before the transaction (sealed-updates.ts,
 * loaded then); null for other writes, an unsealed database or records stored in clear.
 */
async function prepareUpdates(
  database: PWADatabase,
  table: SyncTable,
  op: SyncOp,
  inputs: WriteInput[],
): Promise<PreparedUpdates | null> {
  if (op !== 'update') return null;
  const ids = inputs.flatMap((input) => (input.id ? [input.id] : []));
  const stored = await storeFor(database, table).bulkGet(ids);
  if (!stored.some((r) => r && isEnvelope(r.sealed))) return null;
  const { prepareSealedUpdates } = sealedUpdates ?? (await loadSealedUpdates());
  return prepareSealedUpdates(database, table, inputs, stored);
}

async function writeRecordsOnce(
  table: SyncTable,
  op: SyncOp,
  inputs: WriteInput[],
  database: PWADatabase,
  prepared: PreparedUpdates | null,
): Promise<{ records: LocalRecord[] }> {
  const store = storeFor(database, table);
  const now = Date.now();
  const ts = nowIso();
  const created: LocalRecord[] =
    op === 'create'
      ? inputs.map((input) => ({
          ...input,
          id: input.id ?? newRecordId(),
          version: 0,
          createdAt: ts,
          updatedAt: ts,
          deletedAt: null,
          syncStatus: 'pending',
          lastModified: now,
        }))
      : [];
  const sealedCreated = await sealRecords(database, table, created);
  const records = await runReportingQuota(() =>
    database.transaction('rw', localWriteStores(database, table), async () => {
      if (op === 'create') {
        await store.bulkAdd(sealedCreated);
        await database.syncQueue.bulkAdd(
          sealedCreated.map((r, i) => newQueueRow(table, 'create', r, null, false, undefined, created[i])),
        );
        return sealedCreated;
      }
      // The stored records must carry their acknowledged versions before a change is based on
      // them (ack-journal.ts).
      const ids = inputs.flatMap((input) => (input.id ? [input.id] : []));
      const { records } = await readForDecision(database, table, ids);
      const current = new Map(ids.map((id, i) => [id, records[i]]));
      if (prepared)
        for (const [id, iv] of prepared.basedOn)
          if (envelopeIv(current.get(id)) !== iv) throw new SealedMeanwhile();
      const out: LocalRecord[] = [];
      for (const [i, input] of inputs.entries()) {
        if (!input.id) throw new RecordNotFoundError(table, '(none)');
        const existing = current.get(input.id);
        if (!existing) throw new RecordNotFoundError(table, input.id);
        const { id: _id, ...given } = input;
        const changes = prepared?.changes[i] ?? given;
        const record: LocalRecord = {
          ...(op === 'update' ? overSealed(table, existing, changes) : existing),
          ...(op === 'delete' ? { deletedAt: ts } : {}),
          updatedAt: ts,
          syncStatus: 'pending',
          lastModified: now,
        };
        await store.put(record);
        const queued = await database.syncQueue
          .where('recordId')
          .equals(record.id)
          .filter((r) => r.table === table)
          .toArray();
        const blockedByConflict = await hasOpenConflict(database, table, record.id);
        const hasFailed =
          (await database.failedSyncItems
            .filter((f) => f.originalSyncItem.recordId === record.id && f.originalSyncItem.table === table)
            .count()) > 0;
        if (!blockedByConflict && (hasFailed || queued.some((r) => r.blocked === 1))) {
          // A fresh edit supersedes a change the server refused: send the current state once.
          await coalesceRecord(database, table, record, {
            baseVersion: existing.version,
            existsOnServer: existing.version > 0,
          });
        } else {
          await database.syncQueue.add(
            newQueueRow(
              table,
              op,
              record,
              existing.version > 0 ? existing.version : null,
              blockedByConflict,
              op === 'delete' ? input.reason : undefined,
              prepared?.plain[i],
            ),
          );
        }
        const stored = await store.get(record.id);
        // A later input of the same record builds on this write.
        current.set(record.id, stored);
        if (stored) out.push(stored);
      }
      return out;
    }),
  );
  return { records };
}

/**
 * Takes back a delete that cannot have been sent: its outbox row has no failed try, and the caller
 * holds the sync lock, so no run is sending it. The row goes, and the record shows again: pending
 * while anything else of it is queued or it never reached the server, synced otherwise. False
 * when there is no such delete (features/intake/undo-delete.ts then queues an update instead).
 */
export async function dropUnsentDelete(
  table: SyncTable,
  id: string,
  database: PWADatabase = defaultDb,
): Promise<boolean> {
  const store = storeFor(database, table);
  const dropped = await database.transaction(
    'rw',
    [store, database.syncQueue, database.ackJournal],
    async () => {
      const rows = await database.syncQueue
        .where('recordId')
        .equals(id)
        .filter((r) => r.table === table && r.operation === 'delete' && r.retryCount === 0)
        .toArray();
      const {
        records: [record],
      } = await readForDecision(database, table, [id]);
      if (rows.length === 0 || !record) return false;
      await database.syncQueue.bulkDelete(rows.map((r) => r.id));
      const left = await database.syncQueue.where('recordId').equals(id).count();
      await store.put({
        ...record,
        deletedAt: null,
        syncStatus: left > 0 || record.version === 0 ? 'pending' : 'synced',
        lastModified: Date.now(),
      });
      return true;
    },
  );
  if (dropped) hooks.written();
  return dropped;
}

/** The `name` of an error (Dexie wraps the browser's error as `inner`). */
const errorName = (err: unknown): unknown =>
  typeof err === 'object' && err !== null && 'name' in err ? err.name : undefined;

/** A full disk is told to the user (never swallowed), then the caller sees the error too. */
async function runReportingQuota<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const name = errorName(err);
    const inner =
      typeof err === 'object' && err !== null && 'inner' in err ? errorName(err.inner) : undefined;
    if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') hooks.quotaExceeded();
    throw err;
  }
}
