/**
 * The browser database (IndexedDB through Dexie): the stores of `PWADatabase` version 2
 * plus the architecture's declarations, fileBlobs and meta; version 3 adds the traveller
 * timeline (travelerEvents) and quarantine check-ins (checkIns); version 4 drops the indexes
 * nothing reads; version 9 indexes the declarations' file ids (the files' sweep). Only code under src/db and src/sync
 * touches it; features use the repositories.
 *
 * Merge rule (see packages/shared sync): every synced record carries the server's `version`
 * (0 while never acknowledged), `deletedAt` (tombstone) and locally `syncStatus` + `lastModified`.
 * A local write and its outbox row (`syncQueue`) are always written in one transaction.
 */
import type {
  Conflict,
  FailedSyncItem,
  LocalCheckIn,
  LocalDeclaration,
  LocalSystemStatus,
  LocalTraveler,
  LocalTravelerEvent,
  LocalUser,
  MetaRecord,
  NewConflict,
  NewFailedSyncItem,
  NewSyncQueueItem,
  ReadEvent,
  SyncQueueItem,
  SyncTable,
} from '@bh/shared';
import { LANDED_TABLES, LOCAL_OUTBOX_SPECS, SYNC_TABLE_SPECS, SYNC_TABLES } from '@bh/shared';
import Dexie, { type Table } from 'dexie';
import { installLanding, LANDING_STORE } from './landing/index.ts';
import type { AckJournalRow, LocalRecord, NewAckJournalRow, StoredFileBlob } from './records.ts';
import { followDeviceKeys } from './sealing.ts';

// The sync-centre screens and the sync code name these through the database module.
export type {
  AckJournalRow,
  ConflictRecord,
  FailedSyncItem,
  FileBlobRecord,
  LocalRecord,
  LocalRecordOf,
  LocalSyncStatus,
  NewAckJournalRow,
  SyncQueueItem,
  SyncTable,
} from './records.ts';

/**
 * A synced store: read as its shared Local* shape; written with any local record, because the
 * sync engine writes what the server sent (and a record created on this device has no
 * createdAt until the server acknowledged it).
 */
type SyncedTable<T> = Table<T, string, LocalRecord>;

/**
 * The stores a fresh device's first pull lands its records in (pull.ts, landing/): those of the
 * tables the shared registry lands (packages/shared/src/sync/table-registry.ts).
 */
const LANDED_STORES = LANDED_TABLES.map((table) => SYNC_TABLE_SPECS[table].store);

/**
 * A read not sent yet (reads audited, the registry's LOCAL_OUTBOX_SPECS.reads), keyed by its event
 * id (time-ordered), with the officer who read: each officer's reads go with their own session.
 */
export interface ReadOutboxRow extends ReadEvent {
  userId: string;
}

export class PWADatabase extends Dexie {
  travelers!: SyncedTable<LocalTraveler>;
  users!: SyncedTable<LocalUser>;
  systemStatus!: SyncedTable<LocalSystemStatus>;
  declarations!: SyncedTable<LocalDeclaration>;
  travelerEvents!: SyncedTable<LocalTravelerEvent>;
  checkIns!: SyncedTable<LocalCheckIn>;
  syncQueue!: Table<SyncQueueItem, number, NewSyncQueueItem>;
  conflicts!: Table<Conflict, number, NewConflict>;
  failedSyncItems!: Table<FailedSyncItem, number, NewFailedSyncItem>;
  fileBlobs!: Table<StoredFileBlob, string>;
  meta!: Table<MetaRecord, string>;
  ackJournal!: Table<AckJournalRow, number, NewAckJournalRow>;
  readOutbox!: Table<ReadOutboxRow, string>;

  constructor(name = 'PWADatabase') {
    super(name);
    this.version(2).stores({
      travelers: 'id, syncStatus, lastModified, passportNo, nationality, entryDate, status',
      users: 'id, syncStatus, lastModified',
      systemStatus: 'id',
      declarations: 'id, travelerId, syncStatus, lastModified',
      syncQueue: '++id, timestamp, table, recordId, nextAttemptAt',
      conflicts: '++id, table, resolved, timestamp, recordId',
      failedSyncItems: '++id, errorType, timestamp, canRetry',
      fileBlobs: 'id, status, createdAt',
      meta: 'key',
    });
    // The traveller timeline and quarantine check-ins (issue 14): read per traveller.
    this.version(3).stores({
      travelerEvents: 'id, travelerId, syncStatus, lastModified',
      checkIns: 'id, travelerId, syncStatus, lastModified',
    });
    // Only the indexes something reads: every index is one more IndexedDB write per record, and a
    // fresh device writes 100,000 travellers. Dropped: travelers' passportNo (the intake's
    // duplicate check asks the in-memory TravelerIndex), nationality and entryDate (never read),
    // and syncStatus everywhere (only the rare repair after a server restore reads it, by a scan).
    // Kept: lastModified (the TravelerIndex's catch-up reads, retention), status (the quarantine
    // list, a live query), travelerId (per-traveller reads).
    this.version(4).stores({
      travelers: 'id, lastModified, status',
      declarations: 'id, travelerId, lastModified',
      travelerEvents: 'id, travelerId, lastModified',
      checkIns: 'id, travelerId, lastModified',
    });
    // The acknowledgement journal (sync/ack-journal.ts): one row per acknowledged push batch,
    // folded into the records after the sync run.
    this.version(5).stores({ ackJournal: '++id' });
    // The outbox keeps only the indexes something reads (recordId: a record's rows;
    // nextAttemptAt: the back-off timer). timestamp and table were never read, and each index is
    // one more entry written with every queued change and deleted with every acknowledgement.
    this.version(6).stores({ syncQueue: '++id, recordId, nextAttemptAt' });
    // A fresh device's first pull lands its records packed, several hundred to a row, and moves
    // them into their stores afterwards (landing/): one put per record was most of its time.
    this.version(7).stores({ [LANDING_STORE]: 'key' });
    // Reads audited (issue 33 point 5): the device's outbox of reads, sent by officer.
    this.version(8).stores({ [LOCAL_OUTBOX_SPECS.reads.store]: 'id, userId' });
    // Which declaration holds a file the device keeps (db/file-sweep.ts): the files' sweep asks
    // for the few it holds instead of reading every declaration. A declaration without a file
    // writes no entry (a missing or null key is not indexed), so a fresh pull pays nothing.
    this.version(9).stores({
      declarations: 'id, travelerId, lastModified, testFileId, vaccinationCertFileId',
    });
    installLanding(this, LANDED_STORES);
  }
}

export const db = new PWADatabase();
// Sealed (docs/decisions/016-encryption-at-rest.md): locked until the officer unlocks the device.
followDeviceKeys(db);

/** A stored record, or null when it is missing or a tombstone. */
export function live<T extends { deletedAt?: string | null }>(record: T | undefined): T | null {
  return record && !record.deletedAt ? record : null;
}

/**
 * The local store that holds each sync table's records, as the shared registry names it: the
 * store of the same name, but for health declarations, which live in `declarations`. A table of
 * the registry without its store here does not compile.
 */
export function storeFor(database: PWADatabase, table: SyncTable): SyncedTable<LocalRecord> {
  return database[SYNC_TABLE_SPECS[table].store];
}

/** The stores of every sync table's records (storeFor of each table, in the protocol's order). */
export function recordStores(database: PWADatabase) {
  return SYNC_TABLES.map((table) => storeFor(database, table));
}

/** Every store a sync outcome may touch, for transactions that settle outbox rows. */
export function syncStores(database: PWADatabase) {
  return [
    database.syncQueue,
    database.failedSyncItems,
    database.conflicts,
    ...recordStores(database),
    database.meta,
    database.ackJournal,
  ];
}
