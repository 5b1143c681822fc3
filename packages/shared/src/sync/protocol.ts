/**
 * Sync protocol shared by the device (apps/web/src/sync) and the server (apps/server sync module).
 *
 * Merge rule
 * - Every synced record has `version` (integer, bumped by the server on every write, 1 after
 *   create) and `deletedAt` (tombstone; deleted records are kept and pulled like any change).
 * - A device writes locally and queues a mutation {seq, table, op, id, baseVersion, data} in the
 *   same transaction. `seq` is the outbox row's auto-increment id; (clientId, seq) identifies the
 *   mutation, so a repeated push of the same seq returns the stored result ('duplicate') and has
 *   no second effect.
 * - create: baseVersion null; applies when no record with that id exists (id made on the device),
 *   otherwise conflict.
 * - update and delete: apply only when baseVersion equals the server's current version; otherwise
 *   the result is 'conflict' with the server's record (`serverRecord`, a tombstone when deleted,
 *   null when it never existed). Nothing is overwritten silently: client_wins and manual_merge
 *   resubmit with the server's version as baseVersion, so a newer server change conflicts again.
 * - A mutation whose envelope is valid but whose data is not gets 'rejected' with field errors
 *   (i18n keys); the device moves it to the failed items as validation_failed (not retryable).
 * - Pull returns changes with changeSeq > cursor in changeSeq order, tombstones included. `epoch`
 *   identifies the server database: a new epoch, or a maxChangeSeq below a cursor already pulled,
 *   means the server lost data and the device must re-push what it holds.
 * Each mutation is independent and all-or-nothing; results come back in the order of the request.
 */
import { z } from 'zod';
import { deleteMutationDataSchema } from '../api/traveler-deletes.ts';
import {
  fieldIssueSchema,
  isoDateTime,
  keyed,
  oneOf,
  plainShape,
  strictShape,
  versionSchema,
  whenValid,
} from '../schemas/common.ts';
import { SYSTEM_STATUS_ID } from '../schemas/system-status.ts';

export const SYNC_TABLES = [
  'travelers',
  'healthDeclarations',
  'users',
  'systemStatus',
  'travelerEvents',
  'checkIns',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

export const SYNC_OPS = ['create', 'update', 'delete'] as const;
export type SyncOp = (typeof SYNC_OPS)[number];

/**
 * Operations a device may queue per table. Users and the system status are only updated; timeline
 * events are only created.
 */
export const SYNC_TABLE_OPS: Readonly<Record<SyncTable, readonly SyncOp[]>> = {
  travelers: SYNC_OPS,
  healthDeclarations: SYNC_OPS,
  users: ['update'],
  systemStatus: ['update'],
  /** The timeline is append-only. */
  travelerEvents: ['create'],
  checkIns: SYNC_OPS,
};

/**
 * Largest number of mutations in one push. A device sends at most this many and at most
 * MAX_PUSH_BODY_BYTES: the server's apply costs less per record in larger batches (10,000
 * creates on PGlite: ~13% less CPU in batches of 2,000 than of 500).
 */
export const MAX_PUSH_MUTATIONS = 2000;
/** Largest push request body (JSON bytes); the server refuses a larger one with 413. */
export const MAX_PUSH_BODY_BYTES = 8 * 1024 * 1024;
/** Default and largest page size of a pull. */
export const DEFAULT_PULL_LIMIT = 1000;
export const MAX_PULL_LIMIT = 5000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the id fits the table: 'current' for systemStatus, a UUID otherwise. */
export function isValidRecordId(table: SyncTable, id: string): boolean {
  return table === 'systemStatus' ? id === SYSTEM_STATUS_ID : UUID_PATTERN.test(id);
}

const seqSchema = z
  .number(keyed())
  .int('validation.integer')
  .min(1, 'validation.min_value')
  .max(Number.MAX_SAFE_INTEGER, 'validation.max_value');

/** Free-form record data (checked per table by `validateMutationData`). */
export const recordDataSchema = z.record(z.string(), z.unknown(), keyed());

export const mutationSchema = strictShape({
  seq: seqSchema,
  table: oneOf(SYNC_TABLES),
  op: oneOf(SYNC_OPS),
  id: z
    .string(keyed('validation.required', 'sync.validation.invalidRecordId'))
    .max(64, 'sync.validation.invalidRecordId'),
  /** The version the change was made on; null for create. */
  baseVersion: versionSchema.nullable(),
  /** Writable fields of the record (see `validateMutationData`); null for delete. */
  data: recordDataSchema.nullable(),
}).superRefine(
  (m, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!isValidRecordId(m.table, m.id)) issue('sync.validation.invalidRecordId', 'id');
    if (!SYNC_TABLE_OPS[m.table].includes(m.op)) issue('sync.validation.opNotAllowed', 'op');
    if (m.op === 'create' && m.baseVersion !== null)
      issue('sync.validation.baseVersionNotAllowed', 'baseVersion');
    if (m.op !== 'create' && m.baseVersion === null)
      issue('sync.validation.baseVersionRequired', 'baseVersion');
    if (m.op === 'delete' && m.data !== null && !deleteMutationDataSchema.safeParse(m.data).success)
      issue('sync.validation.dataNotAllowed', 'data');
    if (m.op !== 'delete' && m.data === null) issue('sync.validation.dataRequired', 'data');
  },
  whenValid('table', 'op', 'id', 'baseVersion', 'data'),
);
export type Mutation = z.infer<typeof mutationSchema>;

/** Device id: 8-64 characters of letters, digits and dashes (a UUID fits). */
export const clientIdSchema = z
  .string(keyed('validation.required', 'sync.validation.invalidClientId'))
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'sync.validation.invalidClientId');

/** Body of POST /api/sync/push. Mutations in strictly increasing seq order. */
export const pushRequestSchema = strictShape({
  clientId: clientIdSchema,
  mutations: z
    .array(mutationSchema, keyed())
    .min(1, 'sync.validation.noMutations')
    .max(MAX_PUSH_MUTATIONS, 'validation.too_many_items')
    .refine(
      (list) => list.every((m, i) => i === 0 || m.seq > (list[i - 1]?.seq ?? 0)),
      'sync.validation.seqOrder',
    ),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const PUSH_RESULT_STATUSES = ['applied', 'duplicate', 'conflict', 'rejected'] as const;
export type PushResultStatus = (typeof PUSH_RESULT_STATUSES)[number];

/**
 * Result of one mutation: applied (new `version`, and `serverRecord` as stored), duplicate (the
 * stored result of the first attempt), conflict (`serverRecord` = the server's record, null when
 * none), rejected (`errors`).
 */
export const pushResultSchema = plainShape({
  seq: seqSchema,
  status: oneOf(PUSH_RESULT_STATUSES),
  version: versionSchema.optional(),
  serverRecord: recordDataSchema.nullable().optional(),
  errors: z.array(fieldIssueSchema, keyed()).optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponseSchema = plainShape({ results: z.array(pushResultSchema, keyed()) });
export type PushResponse = z.infer<typeof pushResponseSchema>;

/** Query of GET /api/sync/pull (coerced from the query string). */
export const pullQuerySchema = plainShape({
  cursor: z.coerce
    .number(keyed())
    .int('validation.integer')
    .min(0, 'validation.min_value')
    .max(Number.MAX_SAFE_INTEGER, 'validation.max_value')
    .default(0),
  limit: z.coerce
    .number(keyed())
    .int('validation.integer')
    .min(1, 'validation.min_value')
    .max(MAX_PULL_LIMIT, 'validation.max_value')
    .default(DEFAULT_PULL_LIMIT),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

export const pulledChangeSchema = plainShape({ table: oneOf(SYNC_TABLES), record: recordDataSchema });
export type PulledChange = z.infer<typeof pulledChangeSchema>;

/** A page of changes; `cursor` is the changeSeq to ask from next; `hasMore` when more are waiting. */
export const pullResponseSchema = plainShape({
  changes: z.array(pulledChangeSchema, keyed()),
  cursor: z.number(keyed()).int('validation.integer').min(0, 'validation.min_value'),
  hasMore: z.boolean(keyed()),
  epoch: z.string(keyed()).min(1, 'validation.required'),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** GET /api/sync/status: server time, database epoch, highest changeSeq, live records per table. */
export const syncStatusResponseSchema = plainShape({
  serverTime: isoDateTime(),
  epoch: z.string(keyed()).min(1, 'validation.required'),
  maxChangeSeq: z.number(keyed()).int('validation.integer').min(0, 'validation.min_value'),
  counts: z.record(
    z.string(),
    z.number(keyed()).int('validation.integer').min(0, 'validation.min_value'),
    keyed(),
  ),
});
export type SyncStatusResponse = z.infer<typeof syncStatusResponseSchema>;

/**
 * True when the status shows that the server lost data the device already pulled: another epoch
 * (the database was replaced) or a highest change number below the device's cursor (restored from
 * an older backup). See docs/decisions/003-epoch-detection.md.
 */
export function serverWentBack(
  known: { epoch: string | null; cursor: number },
  status: { epoch: string; maxChangeSeq: number },
): boolean {
  if (known.epoch !== null && known.epoch !== status.epoch) return true;
  return status.maxChangeSeq < known.cursor;
}
