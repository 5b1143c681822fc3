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
 * - A push answer's `written` ranges (change_seqs taken by its own writes) may come back as the
 *   pull's `skip`: the server leaves out the rows still at those change_seqs (the device's own
 *   acknowledged writes) and moves the cursor past them.
 * Each mutation is independent and all-or-nothing; results come back in the order of the request.
 */
import { z } from 'zod';
import { deleteMutationDataSchema } from '../api/traveler-deletes.ts';
import {
  fieldIssueSchema,
  isoDateTime,
  keyed,
  oneOf,
  PG_INTEGER_MAX,
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
 * MAX_PUSH_BODY_BYTES: the server's apply costs less per record in larger batches
 * (docs/decisions/002-set-based-sync-apply.md).
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

/**
 * The superRefine of mutationSchema as JSON Schema, for the document: one branch per table and op,
 * with the id, baseVersion and data that pair needs. The zod checks are what runs.
 */
function mutationBranches() {
  const uuidId = { type: 'string', format: 'uuid', pattern: UUID_PATTERN.source.replaceAll('a-f', 'a-fA-F') };
  const version = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
  const record = { type: 'object' };
  const deleteData = {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        properties: { reason: { type: 'string', pattern: '\\S' } },
        required: ['reason'],
        additionalProperties: false,
      },
    ],
  };
  const byOp = {
    create: { baseVersion: { type: 'null' }, data: record },
    update: { baseVersion: version, data: record },
    delete: { baseVersion: version, data: deleteData },
  };
  return SYNC_TABLES.flatMap((table) =>
    SYNC_TABLE_OPS[table].map((op) => ({
      properties: {
        table: { const: table },
        op: { const: op },
        id: table === 'systemStatus' ? { const: SYSTEM_STATUS_ID } : uuidId,
        ...byOp[op],
      },
      required: ['seq', 'table', 'op', 'id', 'baseVersion', 'data'],
    })),
  );
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
})
  .superRefine(
    (m, ctx) => {
      const issue = (message: string, path: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path] });
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
  )
  .meta({ oneOf: mutationBranches() });
export type Mutation = z.infer<typeof mutationSchema>;

/** Device id: 8-64 characters of letters, digits and dashes (a UUID fits). */
const CLIENT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
export const clientIdSchema = z
  .string(keyed('validation.required', 'sync.validation.invalidClientId'))
  .regex(CLIENT_ID_PATTERN, 'sync.validation.invalidClientId');

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

const MUTATION_KEYS = ['seq', 'table', 'op', 'id', 'baseVersion', 'data'] as const;
const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const hasExactly = (o: Record<string, unknown>, keys: readonly string[]) => {
  let n = 0;
  for (const key in o) {
    if (!Object.hasOwn(o, key)) return false;
    n++;
  }
  return n === keys.length && keys.every((k) => Object.hasOwn(o, k));
};
const isVersion = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= PG_INTEGER_MAX;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/**
 * True only for a push body that pushRequestSchema accepts exactly as it is: the route takes it
 * without zod's walk, which copied every mutation and its data (about 60 ms of the server's CPU
 * per 10,000 mutations, plus the garbage). Anything else, and every body it is unsure of (a
 * delete that carries data), is left to the schema, which answers with its translated errors.
 * The record data is checked per table later, as before (validateMutationData).
 */
export function isPlainPushRequest(body: unknown): body is PushRequest {
  if (!isJsonObject(body) || !hasExactly(body, ['clientId', 'mutations'])) return false;
  const { clientId, mutations } = body;
  if (typeof clientId !== 'string' || !CLIENT_ID_PATTERN.test(clientId)) return false;
  if (!Array.isArray(mutations) || mutations.length < 1 || mutations.length > MAX_PUSH_MUTATIONS)
    return false;
  let previous = 0;
  for (const m of mutations) {
    if (!isJsonObject(m) || !hasExactly(m, MUTATION_KEYS)) return false;
    const { seq, table, op, id, baseVersion, data } = m;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= previous) return false;
    previous = seq;
    if (!isOneOf(SYNC_TABLES, table) || !isOneOf(SYNC_OPS, op) || !SYNC_TABLE_OPS[table].includes(op))
      return false;
    if (typeof id !== 'string' || id.length > 64 || !isValidRecordId(table, id)) return false;
    if (op === 'create' ? baseVersion !== null : !isVersion(baseVersion)) return false;
    if (op === 'delete' ? data !== null : !isJsonObject(data)) return false;
  }
  return true;
}

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

/** A range of change_seq values, both ends included. */
export const changeRangeSchema = plainShape({ from: seqSchema, to: seqSchema });
export type ChangeRange = z.infer<typeof changeRangeSchema>;

/**
 * `written`: the change_seq ranges that hold exactly the rows this push's applied mutations wrote
 * (each range was taken whole by one write statement, so no other row has a change_seq in it).
 * A row whose current change_seq lies in one is this push's own write, unchanged since (any
 * later change gives it a new change_seq): the device may ask the pull to leave those out
 * (pullQuerySchema.skip). Absent or partial is always safe: a mutation not covered, a retry
 * answered 'duplicate', simply comes back in the pull.
 */
export const pushResponseSchema = plainShape({
  results: z.array(pushResultSchema, keyed()),
  written: z.array(changeRangeSchema, keyed()).optional(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/**
 * Largest number of change_seq ranges a pull may skip: bounds the query string (~40 bytes a
 * range) and the page query's filter. A device with more keeps the widest and lets its version
 * echo check skip the rest.
 */
export const MAX_PULL_SKIP_RANGES = 64;

const SKIP_RANGE = '[1-9]\\d{0,15}-[1-9]\\d{0,15}';
const SKIP_PATTERN = /^\d{1,16}-\d{1,16}(,\d{1,16}-\d{1,16})*$/;

/**
 * The ranges sorted, overlapping and adjacent ones joined (every value in both is an own write),
 * those ending at or below `above` dropped.
 */
export function mergeChangeRanges(ranges: readonly ChangeRange[], above = 0): ChangeRange[] {
  const merged: ChangeRange[] = [];
  for (const r of [...ranges].filter((x) => x.to > above).sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else merged.push({ from: r.from, to: r.to });
  }
  return merged;
}

/**
 * A fresh device's head start (docs/decisions/018-travellers-first.md): `only` pulls the
 * travellers alone, from cursor 0, until the list can show every one; then the whole pull runs
 * from 0 with `travelersTo`, the change number the head start reached, below which the
 * travellers are left out (the device holds them).
 */
export interface HeadStart {
  only?: 'travelers';
  travelersTo?: number;
}

/** The path and query of a pull; skip ranges written `from-to,from-to` (see pullQuerySchema.skip). */
export function pullPath(
  cursor: number,
  limit: number,
  skip: readonly ChangeRange[] = [],
  head: HeadStart = {},
) {
  const ranges = skip.map((r) => `${r.from}-${r.to}`).join(',');
  return `/api/sync/pull?cursor=${cursor}&limit=${limit}${ranges ? `&skip=${ranges}` : ''}${
    head.only ? `&only=${head.only}` : ''
  }${head.travelersTo ? `&travelersTo=${head.travelersTo}` : ''}`;
}

/** A change number in a query: digits only (an empty value is a 400, not 0). */
const changeNumberText = () => z.string(keyed()).regex(/^\d{1,16}$/, 'validation.integer');
const asChangeNumber = () => z.number().max(Number.MAX_SAFE_INTEGER, 'validation.max_value');

/**
 * Query of GET /api/sync/pull (coerced from the query string). Only the server reads it: built in
 * a call marked pure, so that the app's bundle leaves it out (the calls of a schema built at
 * module level stay in the bundle, unused, as they might have side effects).
 */
export const pullQuerySchema = /* @__PURE__ */ (() =>
  plainShape({
    /** Digits only: an empty `cursor=` is a 400, not 0. */
    cursor: changeNumberText().default('0').transform(Number).pipe(asChangeNumber()),
    limit: z.coerce
      .number(keyed())
      .int('validation.integer')
      .min(1, 'validation.min_value')
      .max(MAX_PULL_LIMIT, 'validation.max_value')
      .default(DEFAULT_PULL_LIMIT),
    /**
     * change_seq ranges (`from-to,from-to`, from the push answers' `written`) whose rows the page
     * leaves out while their change_seq is still in them: the device's own acknowledged writes. The
     * cursor still moves past them. Ranges at or below the cursor are ignored.
     */
    skip: z
      .string(keyed())
      .max(34 * MAX_PULL_SKIP_RANGES, 'validation.too_many_items')
      .regex(SKIP_PATTERN, 'validation.invalid_format')
      .transform((v) =>
        v.split(',').map((pair) => {
          const [from = 0, to = 0] = pair.split('-').map(Number);
          return { from, to };
        }),
      )
      .pipe(
        z
          .array(
            changeRangeSchema.refine((r) => r.from <= r.to, 'validation.invalid_format'),
            keyed(),
          )
          .max(MAX_PULL_SKIP_RANGES, 'validation.too_many_items'),
      )
      .meta({
        // Change numbers start at 1; each range's from is at most its to (stated, not a pattern).
        pattern: `^${SKIP_RANGE}(?:,${SKIP_RANGE}){0,${MAX_PULL_SKIP_RANGES - 1}}$`,
        description: 'change_seq ranges from-to (from <= to), comma-separated',
      })
      .optional(),
    /** A head start's pages: the travellers' changes only (HeadStart). */
    only: z.enum(['travelers'], 'validation.invalid_option').optional(),
    /** The travellers up to this change number are held already (HeadStart): left out. */
    travelersTo: changeNumberText().transform(Number).pipe(asChangeNumber()).optional(),
  }))();
export type PullQuery = z.infer<typeof pullQuerySchema>;

/**
 * One pulled change: a record of a table, or (`departed`) a traveller that left the device's
 * scope, whose record carries only its id (docs/decisions/014-points-of-entry.md).
 */
export const pulledChangeSchema = plainShape({
  table: oneOf(SYNC_TABLES),
  record: recordDataSchema,
  departed: z.literal(true, keyed()).optional(),
});
export type PulledChange = z.infer<typeof pulledChangeSchema>;

/** A page of changes; `cursor` is the changeSeq to ask from next; `hasMore` when more are waiting. */
export const pullResponseSchema = plainShape({
  changes: z.array(pulledChangeSchema, keyed()),
  cursor: z.number(keyed()).int('validation.integer').min(0, 'validation.min_value'),
  hasMore: z.boolean(keyed()),
  epoch: z.string(keyed()).min(1, 'validation.required'),
  /**
   * What the device may hold ('post:<id>', 'province:<name>', 'all' or 'none'; api/posts.ts):
   * a device that holds another scope pushes what it has not sent, drops what it may no longer
   * hold and pulls again from 0.
   */
  scope: z.string(keyed()).optional(),
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
