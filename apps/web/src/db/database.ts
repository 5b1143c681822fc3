/**
 * The browser database (IndexedDB through Dexie): the spec's stores of `PWADatabase` version 2
 * plus the architecture's declarations, fileBlobs and meta. Only code under src/db and src/sync
 * touches it; features use the repositories.
 *
 * Merge rule (see packages/shared sync): every synced record carries the server's `version`
 * (0 while never acknowledged), `deletedAt` (tombstone) and locally `syncStatus` + `lastModified`.
 * A local write and its outbox row (`syncQueue`) are always written in one transaction.
 */
import Dexie, { type Table } from 'dexie';

export type SyncTable = 'travelers' | 'healthDeclarations' | 'users' | 'systemStatus';
export type SyncOp = 'create' | 'update' | 'delete';
export type LocalSyncStatus = 'pending' | 'synced' | 'conflict' | 'error';

export interface LocalMeta {
  syncStatus: LocalSyncStatus;
  lastModified: number;
}

/** A record as kept locally: the server's fields plus the local sync state. */
export type LocalRecord<T = Record<string, unknown>> = T & {
  id: string;
  version: number;
  deletedAt?: string | null;
} & LocalMeta;

export interface SyncQueueItem {
  /** Auto-increment: also the mutation's seq, so (clientId, id) names it exactly once. */
  id?: number;
  operation: SyncOp;
  table: SyncTable;
  recordId: string;
  /** The full record for create/update (the latest local state), null for delete. */
  data: Record<string, unknown> | null;
  /** The server version this change was made on; null for a create. */
  baseVersion: number | null;
  timestamp: number;
  retryCount: number;
  /** Epoch ms before which the engine does not send this item (back-off). */
  nextAttemptAt: number;
  /** Held back because an earlier item of the same record failed or conflicts. */
  blocked?: 0 | 1;
  lastError?: string;
}

export interface ConflictRecord {
  id?: number;
  table: SyncTable;
  recordId: string;
  localData: Record<string, unknown> | null;
  serverData: Record<string, unknown> | null;
  conflictType: 'version_mismatch' | 'deleted_on_server' | 'deleted_locally';
  timestamp: number;
  resolved: 0 | 1;
  syncQueueId: number;
  /** The outbox row as it was, so a resolution can resubmit it. */
  operation: SyncOp;
  resolution?: 'server_wins' | 'client_wins' | 'manual_merge';
  resolvedAt?: number;
}

export interface FailedSyncItem {
  id?: number;
  originalSyncItem: SyncQueueItem;
  errorType: 'max_retries_exceeded' | 'validation_failed' | 'network' | 'server_error';
  errorDetails: string;
  timestamp: number;
  canRetry: 0 | 1;
}

export interface FileBlobRecord {
  id: string;
  blob: Blob;
  name: string;
  type: string;
  size: number;
  fileType: string;
  status: 'pending' | 'uploaded';
  createdAt: number;
  serverId?: string;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export class PWADatabase extends Dexie {
  travelers!: Table<LocalRecord, string>;
  users!: Table<LocalRecord, string>;
  systemStatus!: Table<LocalRecord, string>;
  declarations!: Table<LocalRecord, string>;
  syncQueue!: Table<SyncQueueItem, number>;
  conflicts!: Table<ConflictRecord, number>;
  failedSyncItems!: Table<FailedSyncItem, number>;
  fileBlobs!: Table<FileBlobRecord, string>;
  meta!: Table<MetaRecord, string>;

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
  }
}

export const db = new PWADatabase();

/** The local store that holds each sync table's records. */
export function storeFor(database: PWADatabase, table: SyncTable): Table<LocalRecord, string> {
  switch (table) {
    case 'travelers':
      return database.travelers;
    case 'healthDeclarations':
      return database.declarations;
    case 'users':
      return database.users;
    case 'systemStatus':
      return database.systemStatus;
  }
}

/** Every store a sync outcome may touch, for transactions that settle outbox rows. */
export function syncStores(database: PWADatabase) {
  return [
    database.syncQueue,
    database.failedSyncItems,
    database.conflicts,
    database.travelers,
    database.declarations,
    database.users,
    database.systemStatus,
    database.meta,
  ];
}
