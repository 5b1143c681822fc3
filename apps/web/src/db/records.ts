/**
 * The shapes of the local database's records, apart from the database (database.ts) so that the
 * code the database installs (the landing, db/landing/) and the sync modules name them without
 * importing the database module back (no import cycles, type-only ones included).
 */
import type {
  LocalCheckIn,
  LocalDeclaration,
  LocalSyncStatus,
  LocalSystemStatus,
  LocalTraveler,
  LocalTravelerEvent,
  LocalUser,
  SyncTable,
} from '@bh/shared';
import type { SealedFile } from './sealing.ts';

// The sync-centre screens and the sync code name these through the database module.
export type {
  Conflict as ConflictRecord,
  FailedSyncItem,
  LocalSyncStatus,
  SyncQueueItem,
  SyncTable,
} from '@bh/shared';

/**
 * Any synced record as the sync engine handles it, whatever its table: the server's fields
 * plus the local sync state (the shapes per table are the shared Local* schemas).
 */
export type LocalRecord = Record<string, unknown> & {
  id: string;
  version: number;
  deletedAt?: string | null;
  syncStatus: LocalSyncStatus;
  lastModified: number;
};

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

/**
 * A file as the store keeps it: the bytes, name and type sealed (db/sealing.ts), or in clear in a
 * database stored in clear (files-repo.ts opens it).
 */
export type StoredFileBlob = Omit<FileBlobRecord, 'blob' | 'name' | 'type'> &
  ({ blob: Blob; name: string; type: string } | { sealed: SealedFile });

/**
 * One acknowledged push batch not yet folded into its records (sync/ack-journal.ts): the records
 * and the server version each was acknowledged at (same order).
 */
export interface AckJournalRow {
  id: number;
  table: SyncTable;
  ids: string[];
  versions: number[];
}
export type NewAckJournalRow = Omit<AckJournalRow, 'id'>;

/** The local shape of each sync table's records. */
export interface LocalRecordOf {
  travelers: LocalTraveler;
  healthDeclarations: LocalDeclaration;
  users: LocalUser;
  systemStatus: LocalSystemStatus;
  travelerEvents: LocalTravelerEvent;
  checkIns: LocalCheckIn;
}
