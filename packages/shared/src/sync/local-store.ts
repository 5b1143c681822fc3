/**
 * Shapes of the device's stores in the Dexie database PWADatabase: the synced records as kept
 * locally (travelers, healthDeclarations as `declarations`, users, systemStatus, travelerEvents,
 * checkIns), syncQueue (the outbox), conflicts, failedSyncItems, meta, and the sync statistics.
 * The web app types its Dexie tables from these.
 * Times are epoch milliseconds (numbers index and compare well in IndexedDB); flags that are
 * indexed are 0/1 because IndexedDB cannot index booleans.
 */
import { z } from 'zod';
import { checkInSchema } from '../schemas/check-in.ts';
import { intBetween, isoDateTime, keyed, oneOf, plainShape, versionSchema } from '../schemas/common.ts';
import { declarationSchema } from '../schemas/declaration.ts';
import { travelerSchema } from '../schemas/traveler.ts';
import { travelerEventSchema } from '../schemas/traveler-event.ts';
import { userRecordSchema } from '../schemas/user.ts';
import { recordDataSchema, SYNC_OPS, SYNC_TABLES, type SyncOp } from './protocol.ts';

/**
 * syncStatus of a local record: pending after every local write, synced once pushed (or
 * pulled), conflict when the server held another version, error when the server rejected it.
 */
export const LOCAL_SYNC_STATUSES = ['pending', 'synced', 'conflict', 'error'] as const;
export type LocalSyncStatus = (typeof LOCAL_SYNC_STATUSES)[number];

const autoId = () => intBetween(1, Number.MAX_SAFE_INTEGER);
const epochMs = () => intBetween(0, Number.MAX_SAFE_INTEGER);
const zeroOrOne = () => z.union([z.literal(0), z.literal(1)], keyed());
const count = () => intBetween(0, Number.MAX_SAFE_INTEGER);

/** What the device adds to every synced record; `version` is 0 until the server acknowledged it. */
const localRecordShape = {
  version: intBetween(0, Number.MAX_SAFE_INTEGER),
  syncStatus: oneOf(LOCAL_SYNC_STATUSES),
  lastModified: epochMs(),
};

export const localTravelerSchema = plainShape({ ...travelerSchema.shape, ...localRecordShape });
export type LocalTraveler = z.infer<typeof localTravelerSchema>;

/** A declaration (risk fields: the server's once pulled, the device's before). */
export const localDeclarationSchema = plainShape({ ...declarationSchema.shape, ...localRecordShape });
export type LocalDeclaration = z.infer<typeof localDeclarationSchema>;

/** A timeline event (created on this device and not yet acknowledged, or pulled). */
export const localTravelerEventSchema = plainShape({ ...travelerEventSchema.shape, ...localRecordShape });
export type LocalTravelerEvent = z.infer<typeof localTravelerEventSchema>;

/** A quarantine check-in (the officer's name arrives with the server's copy). */
export const localCheckInSchema = plainShape({ ...checkInSchema.shape, ...localRecordShape });
export type LocalCheckIn = z.infer<typeof localCheckInSchema>;

export const localUserSchema = plainShape({ ...userRecordSchema.shape, ...localRecordShape });
export type LocalUser = z.infer<typeof localUserSchema>;

/**
 * The local system status record (id 'current'): the server's record (mode, statusText,
 * version, updatedAt) plus the figures last fetched, so the frame shows the last known status
 * offline. The pull writes the synced fields, the status poll the figures.
 */
export const localSystemStatusSchema = plainShape({
  id: z.string(keyed()),
  mode: z.string(keyed()),
  statusText: z.string(keyed()),
  version: intBetween(0, Number.MAX_SAFE_INTEGER),
  updatedAt: z.string(keyed()),
  activeUsers: count().optional(),
  todayEntries: count().optional(),
  pendingCases: count().optional(),
  quarantineCases: count().optional(),
  /** Length of a quarantine in days (null or absent: the default). */
  quarantineDays: intBetween(1, 366).nullish(),
  /** Days without reaching the server after which the device locks (null or absent: the default). */
  offlineLockDays: intBetween(1, 366).nullish(),
  systemUptimeSeconds: z.number(keyed()).optional(),
  lastUpdateTime: isoDateTime().optional(),
  syncStatus: oneOf(LOCAL_SYNC_STATUSES),
  lastModified: epochMs(),
});
export type LocalSystemStatus = z.infer<typeof localSystemStatusSchema>;

/** A key-value row of the device's bookkeeping (clientId, cursor, epoch, lastSyncTime...). */
const metaRecordSchema = z.object({ key: z.string(), value: z.unknown() });
export type MetaRecord = z.infer<typeof metaRecordSchema>;

/**
 * Outbox row. `id` is the auto-increment key and also the mutation's seq. `baseVersion` is null
 * for create. `nextAttemptAt` is when the next try may happen (see `retryDelayMs`).
 */
export const syncQueueItemSchema = plainShape({
  id: autoId(),
  operation: oneOf(SYNC_OPS),
  table: oneOf(SYNC_TABLES),
  recordId: z.string(keyed()).min(1, 'validation.required'),
  data: recordDataSchema.nullable(),
  baseVersion: versionSchema.nullable(),
  timestamp: epochMs(),
  retryCount: intBetween(0, Number.MAX_SAFE_INTEGER),
  nextAttemptAt: epochMs(),
  /** Held back (1) because an earlier change of the same record failed or conflicts. */
  blocked: zeroOrOne().optional(),
  lastError: z.string(keyed()).optional(),
  /**
   * The build whose rules found `data` valid when the row was queued: the push checks again only
   * rows without it or from another build (apps/web/src/sync/queue.ts, rejectInvalidRows).
   */
  checkedBy: z.string(keyed()).optional(),
});
export type SyncQueueItem = z.infer<typeof syncQueueItemSchema>;
/** An outbox row before Dexie assigned its id. */
export type NewSyncQueueItem = Omit<SyncQueueItem, 'id'>;

export const CONFLICT_TYPES = ['version_mismatch', 'deleted_on_server', 'deleted_locally'] as const;
export type ConflictType = (typeof CONFLICT_TYPES)[number];

export const CONFLICT_RESOLUTIONS = ['server_wins', 'client_wins', 'manual_merge'] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];

/** A conflict: starts unresolved (resolved 0); resolved with server_wins, client_wins or manual_merge. */
export const conflictSchema = plainShape({
  id: autoId(),
  table: oneOf(SYNC_TABLES),
  recordId: z.string(keyed()).min(1, 'validation.required'),
  /** The local change (null when it was a delete). */
  localData: recordDataSchema.nullable(),
  /** The server's record (a tombstone when deleted there, null when it never existed). */
  serverData: recordDataSchema.nullable(),
  conflictType: oneOf(CONFLICT_TYPES),
  timestamp: epochMs(),
  resolved: zeroOrOne(),
  /** id (seq) of the outbox row that met the conflict. */
  syncQueueId: autoId(),
  /** The outbox row's operation, so a resolution can resubmit it. */
  operation: oneOf(SYNC_OPS),
  resolution: oneOf(CONFLICT_RESOLUTIONS).optional(),
  resolvedAt: epochMs().optional(),
});
export type Conflict = z.infer<typeof conflictSchema>;
export type NewConflict = Omit<Conflict, 'id'>;

/** Kind of conflict met by a local operation, given the server's record. */
export function conflictTypeFor(
  operation: SyncOp,
  serverRecord: Readonly<Record<string, unknown>> | null,
): ConflictType {
  if (serverRecord === null || (serverRecord.deletedAt !== null && serverRecord.deletedAt !== undefined)) {
    return 'deleted_on_server';
  }
  return operation === 'delete' ? 'deleted_locally' : 'version_mismatch';
}

export const FAILED_ERROR_TYPES = [
  'max_retries_exceeded',
  'validation_failed',
  'network',
  'server_error',
] as const;
export type FailedErrorType = (typeof FAILED_ERROR_TYPES)[number];

/** Whether a failed item of this type may be retried (only validation failures may not). */
export function isRetryableErrorType(errorType: FailedErrorType): boolean {
  return errorType !== 'validation_failed';
}

/**
 * An outbox row that stopped being retried automatically. Retrying requeues `originalSyncItem`
 * with retryCount 0 under a new id (a new seq) and removes this row.
 */
export const failedSyncItemSchema = plainShape({
  id: autoId(),
  originalSyncItem: syncQueueItemSchema,
  errorType: oneOf(FAILED_ERROR_TYPES),
  /** i18n key or message of the last error, with field issues when rejected. */
  errorDetails: z.string(keyed()),
  timestamp: epochMs(),
  canRetry: zeroOrOne(),
});
export type FailedSyncItem = z.infer<typeof failedSyncItemSchema>;
export type NewFailedSyncItem = Omit<FailedSyncItem, 'id'>;

/** Counters shown by the app-management panel. */
export const syncStatsSchema = plainShape({
  pendingSync: intBetween(0, Number.MAX_SAFE_INTEGER),
  failedItems: intBetween(0, Number.MAX_SAFE_INTEGER),
  unresolvedConflicts: intBetween(0, Number.MAX_SAFE_INTEGER),
  totalTravelers: intBetween(0, Number.MAX_SAFE_INTEGER),
});
export type SyncStats = z.infer<typeof syncStatsSchema>;
