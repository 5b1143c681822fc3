/**
 * Applies a batch of mutations exactly once.
 *
 * Guarantees, per mutation: all-or-nothing (record write, audit row and stored result commit
 * together); independent of the others in the batch (a conflict or rejection touches only its
 * own record); a (clientId, seq) seen before returns its stored result and changes nothing.
 *
 * Fast path: one transaction, set-based SQL per (table, op) "round" (json_to_recordset). A round
 * holds at most one mutation per record, so later mutations of the same record see the earlier
 * one's version. If the fast path hits a database error (e.g. a constraint), the batch is rolled
 * back and replayed one mutation per transaction, so one bad row cannot block the rest.
 *
 * Every write transaction takes one advisory lock (the write lock) before its first write, so
 * change_seq values commit in order and a pull cursor can never skip a slower transaction's rows.
 * A device's pushes also take its own lock first (lockClient), under which their stored results
 * are read. A batch of travellers runs its checks before the write lock and holds it only for
 * the duplicate guard, the writes and the commit (checksBeforeLock, docs/decisions/019-late-write-lock.md).
 *
 * Why hand-written SQL here and not the drizzle query builder: the writes are set-based
 * (json_to_recordset over the whole round, one statement per round), an order of magnitude
 * faster than writing row by row; the builder has no form for UPDATE ... FROM
 * json_to_recordset. See docs/decisions/002-set-based-sync-apply.md. The rounds' statements are
 * in rounds.ts.
 */
import {
  type ChangeRange,
  type FieldIssue,
  type Mutation,
  type PushResult,
  validateMutationData,
} from '@bh/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { runTogether } from '../db/together.ts';
import { redactDetails } from '../modules/audit/audit.ts';
import type { AuthUser } from '../plugins/auth-guard.ts';
import { postScopeRejections } from './post-scope.ts';
import { anonymisedRejections } from './privacy-guard.ts';
import { fetchRecords } from './records.ts';
import { type Exec, type Prepared, takenIds, writeRound } from './rounds.ts';
import {
  storedFrom,
  storedResults,
  storedResultsQuery,
  storeResults,
  storeResultsQuery,
} from './stored-results.ts';
import { rowsWrittenBy, type WritableTable, writableTable } from './tables.ts';
import { type TxEdges, writeTransaction } from './transaction.ts';
import { deleteRuleRejections, duplicateGuard, travelerRuleRejections } from './traveler-rules.ts';

const WRITE_LOCK_KEY = 7_233_001;
/** The class (first key) of the two-key advisory locks of devices (lockClient). */
const CLIENT_LOCK_CLASS = 7_233_002;

export interface ApplyContext {
  user: AuthUser;
  ip: string | null;
  /** null for single-record REST calls: no idempotency record is kept. */
  clientId: string | null;
  /** Fault-injection point for crash tests: runs inside the transaction just before commit. */
  beforeCommit?: () => Promise<void>;
  /**
   * When given, receives the change_seq ranges of the committed writes of applied mutations (the
   * push answer's `written`): only rows those writes took, so a pull may skip them for this device.
   */
  written?: ChangeRange[];
}

/** The statement that takes the write lock (held until the transaction ends). */
const writeLock = sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`;

export async function lockWrites(tx: Exec) {
  await tx.execute(writeLock);
}

/**
 * The lock of one device's transactions (`clientId`): its stored results are looked up and
 * stored by one push at a time (stored-results.ts), without the write lock. Two-key advisory
 * locks do not share the write lock's key space; two devices whose ids hash alike only take turns.
 */
const clientLock = (clientId: string) =>
  sql`SELECT pg_advisory_xact_lock(${CLIENT_LOCK_CLASS}::integer, hashtext(${clientId}))`;

async function lockClient(tx: Exec, clientId: string) {
  await tx.execute(clientLock(clientId));
}

/** Checks each mutation without touching the database. */
function prepare(m: Mutation, user: AuthUser): Prepared | PushResult {
  const table = writableTable(m.table);
  if (!table?.canWrite(user, m.op, m.id)) {
    return { seq: m.seq, status: 'rejected', errors: [{ code: 'forbidden' }] };
  }
  if (m.op !== 'create' && m.baseVersion === null) {
    return {
      seq: m.seq,
      status: 'rejected',
      errors: [{ field: 'baseVersion', code: 'validation.required' }],
    };
  }
  const check = validateMutationData(m.table, m.op, m.data);
  if (!check.ok) return { seq: m.seq, status: 'rejected', errors: check.errors };
  let row = check.data;
  if (row && table.prepare) {
    const prepared = table.prepare(row, m.id);
    if ('error' in prepared) {
      return { seq: m.seq, status: 'rejected', errors: [{ code: String(prepared.error) }] };
    }
    row = prepared;
  }
  return { m, table, row };
}

/** Rows as they were before an update, for tables that keep earlier versions in the audit trail. */
async function previousRows(tx: Exec, table: WritableTable, op: Mutation['op'], ids: Set<string>) {
  if (op !== 'update' || !table.auditPrevious) return new Map<string, unknown>();
  const rows = await fetchRecords(tx, table, [...ids]);
  return new Map(rows.map((r) => [String(r.id), redactDetails(r)]));
}

/** The items of a round as the table hooks see them (rows shared, so hooks may fill them in). */
const hookItems = (items: Prepared[]) => items.map((p) => ({ id: p.m.id, row: p.row }));

/** Splits mutations into rounds: consecutive (table, op) groups with each record at most once. */
function toRounds(items: Prepared[]) {
  const rounds: { table: WritableTable; op: Mutation['op']; items: Prepared[]; ids: Set<string> }[] = [];
  for (const p of items) {
    const last = rounds.at(-1);
    if (last && last.table === p.table && last.op === p.m.op && !last.ids.has(p.m.id)) {
      last.items.push(p);
      last.ids.add(p.m.id);
    } else {
      rounds.push({ table: p.table, op: p.m.op, items: [p], ids: new Set([p.m.id]) });
    }
  }
  return rounds;
}

type Round = ReturnType<typeof toRounds>[number];

/** A round checked: the items it writes, those refused (record id -> code), what its write needs. */
interface CheckedRound {
  round: Round;
  refused: Map<string, string>;
  items: Prepared[];
  previous: Map<string, unknown>;
  /** The ids of a round of creates already taken, when read at the check (late lock). */
  taken?: Set<string>;
  /** The rows of the table's afterWriteReads, read with the write lock (late lock). */
  read?: readonly unknown[];
}

/** A round's checks: post scope, anonymised travellers, the table's own hook; the rows it updates. */
async function checkRound(
  tx: Exec,
  ctx: ApplyContext,
  round: Round,
  readTaken: boolean,
): Promise<CheckedRound> {
  const refused = await postScopeRejections(tx, round.table, round.op, hookItems(round.items), ctx.user);
  // A created traveller can have been anonymised only if its id is taken already: with the ids
  // read first, only those are looked up (a round of new travellers, an offline day reaching
  // the server, skips the look-up). The ids are read for the whole round, a superset of what
  // the write needs.
  const taken = readTaken && round.op === 'create' ? await takenIds(tx, round.table, round.items) : undefined;
  const guarded =
    taken && round.table.name === 'travelers'
      ? round.items.filter((p) => taken.has(p.m.id.toLowerCase()))
      : round.items;
  for (const [id, code] of await anonymisedRejections(tx, round.table, round.op, hookItems(guarded)))
    refused.set(id, code);
  const inScope = round.items.filter((p) => !refused.has(p.m.id));
  const hooked = await round.table.beforeWrite?.(tx, round.op, hookItems(inScope), ctx.user);
  for (const [id, code] of hooked ?? []) refused.set(id, code);
  const items = refused.size > 0 ? round.items.filter((p) => !refused.has(p.m.id)) : round.items;
  if (items.length === 0) return { round, refused, items, previous: new Map() };
  const previous = await previousRows(tx, round.table, round.op, round.ids);
  return { round, refused, items, previous, ...(taken ? { taken } : {}) };
}

/**
 * May the batch's checks run before the write lock (late lock)? Travellers only, each record
 * once: then every check reads only the batch's own records, and what it reads is either never
 * changed (who created a traveller, when), or changed only with a new version, which the
 * version-checked write answers as a conflict (post, deletion, anonymisation), or guarded by the
 * primary key, whose violation applies the batch again with the lock first (an id taken
 * meanwhile: applyBatch). The
 * duplicate guard alone compares with other records: it runs under the lock. Other tables'
 * hooks read other records (a traveller's status or post): their batches lock first.
 */
function checksBeforeLock(prepared: readonly Prepared[]) {
  const ids = new Set<string>();
  for (const p of prepared) {
    const id = p.m.id.toLowerCase();
    if (p.table.name !== 'travelers' || ids.has(id)) return false;
    ids.add(id);
  }
  return true;
}

/**
 * Thrown by a push whose client id another user pushed with first (modules/sync/client-owner.ts):
 * nothing of it was applied.
 */
export class ClientIdOfAnotherUser extends Error {
  constructor() {
    super('client id of another user');
  }
}

/** Applies a batch in `tx`; `written` gets the change_seq ranges of its writes (see ApplyContext). */
async function applyInTx(
  tx: Exec,
  ctx: ApplyContext,
  batch: Mutation[],
  written: ChangeRange[],
  checked: Map<number, Prepared | PushResult>,
  attempt: { lateLock: boolean; late: boolean; together: boolean },
  edges: TxEdges,
): Promise<PushResult[]> {
  const results = new Map<number, PushResult>();
  let pending = batch;
  if (!ctx.clientId) await edges.begin();
  else {
    // The device's own lock, not the write lock: its pushes (a retry sent while the first try is
    // still being applied) take turns, so each seq is looked up and stored once. The lock, the
    // look-up and the client's row in one message on PostgreSQL (db/together.ts). The row's
    // last_seq only grows (GREATEST), so a push answered wholly from the store leaves it as it was.
    const seqs = new Set(batch.map((m) => m.seq));
    const lookup = storedResultsQuery(ctx.clientId, seqs);
    const clientRow = sql`INSERT INTO sync_clients (client_id, user_id, last_seq) VALUES (${ctx.clientId}, ${ctx.user.id}::uuid, ${Math.max(...seqs)})
        ON CONFLICT (client_id) DO UPDATE SET last_seq = GREATEST(sync_clients.last_seq, EXCLUDED.last_seq),
          user_id = EXCLUDED.user_id, updated_at = now()`;
    // Whose the client id is, read under its lock before the row is written: another user's
    // id rolls the transaction back (ClientIdOfAnotherUser; the route answers 409 and audits it).
    // A new id, or one without a user, becomes this user's by the row written after.
    const owner = sql`SELECT user_id::text AS owner FROM sync_clients WHERE client_id = ${ctx.clientId}`;
    const [, ownerRows = [], storedRows = []] = await edges.first([
      clientLock(ctx.clientId),
      owner,
      ...(lookup ? [lookup] : []),
      clientRow,
    ]);
    const ownerId = ownerRows[0]?.owner;
    if (typeof ownerId === 'string' && ownerId !== ctx.user.id) throw new ClientIdOfAnotherUser();
    if (lookup) for (const [seq, r] of storedFrom(storedRows, seqs)) results.set(seq, r);
    pending = batch.filter((m) => !results.has(m.seq));
  }
  const fresh: PushResult[] = [];
  const prepared: Prepared[] = [];
  for (const m of pending) {
    const p = checked.get(m.seq) ?? prepare(m, ctx.user);
    if ('status' in p) fresh.push(p);
    else prepared.push(p);
  }
  const travelerWrites = prepared
    .filter((p) => p.table.name === 'travelers')
    .map((p) => ({ ...p.m, data: p.row }));
  const checkedRounds: CheckedRound[] = [];
  const late = attempt.lateLock && checksBeforeLock(prepared);
  attempt.late = late;
  let ruleRefused: Map<number, FieldIssue[]>;
  if (late) {
    // Late lock: the checks first, then the lock, held only for the duplicate guard and the
    // writes (the lock waits for the commit of the push before, so the guard reads its rows).
    const rules = await deleteRuleRejections(tx, ctx.user, travelerWrites);
    for (const round of toRounds(prepared.filter((p) => !rules.refused.has(p.m.seq))))
      checkedRounds.push(await checkRound(tx, ctx, round, true));
    // The lock, the guard's look-up and the reads the rounds' after-write hooks start with, in
    // one message on PostgreSQL (db/together.ts): each statement's snapshot is taken after the
    // lock is granted, and two round trips less are spent holding it.
    const guard = duplicateGuard(ctx.user, rules);
    const reads = checkedRounds.map((c) =>
      c.items.length > 0
        ? (c.round.table.afterWriteReads?.(
            c.round.op,
            c.items.map((p) => p.m.id),
          ) ?? null)
        : null,
    );
    const answers = await runTogether(tx, attempt.together, [
      writeLock,
      ...(guard.query ? [guard.query] : []),
      ...reads.flatMap((q) => q ?? []),
    ]);
    let at = 1;
    const guardRows = guard.query ? (answers[at++] ?? []) : null;
    reads.forEach((q, i) => {
      const checkedRound = checkedRounds[i];
      if (q && checkedRound) checkedRound.read = answers[at++] ?? [];
    });
    ruleRefused = await guard.refusals(tx, guardRows);
  } else {
    await lockWrites(tx);
    ruleRefused = await travelerRuleRejections(tx, ctx.user, travelerWrites);
  }
  for (const [seq, errors] of ruleRefused) fresh.push({ seq, status: 'rejected', errors });
  const conflicts: Prepared[] = [];
  const audits: Record<string, unknown>[] = [];
  const rounds = late ? checkedRounds : toRounds(prepared.filter((p) => !ruleRefused.has(p.m.seq)));
  for (const next of rounds) {
    const {
      round,
      refused,
      items: checkedItems,
      previous,
      taken,
      read,
    } = 'refused' in next ? next : await checkRound(tx, ctx, next, false);
    // A late lock's duplicate guard refused some after the checks: its answer stands.
    const items = checkedItems.filter((p) => !ruleRefused.has(p.m.seq));
    for (const [id, code] of refused) {
      const p = round.items.find((i) => i.m.id === id);
      if (p && !ruleRefused.has(p.m.seq))
        fresh.push({ seq: p.m.seq, status: 'rejected', errors: [{ code }] });
    }
    if (items.length === 0) continue;
    const versions = await writeRound(tx, round.table, round.op, items, ctx.user.id, written, {
      taken,
      together: attempt.together,
    });
    const writtenItems = items.filter((p) => versions.has(p.m.id));
    if (writtenItems.length > 0)
      await round.table.afterWrite?.(tx, round.op, hookItems(writtenItems), ctx.user, read);
    for (const p of items) {
      const version = versions.get(p.m.id);
      if (version === undefined) {
        conflicts.push(p);
        continue;
      }
      fresh.push({ seq: p.m.seq, status: 'applied', version });
      // Null fields left out, as in the records' recordset (an absent key reads as NULL).
      const audit: Record<string, unknown> = {
        action: `${round.table.auditEntity}.${p.m.op}`,
        entity: round.table.auditEntity,
        entity_id: p.m.id,
        new_version: version,
      };
      if (p.m.baseVersion !== null) audit.old_version = p.m.baseVersion;
      const before = previous.get(p.m.id);
      if (before !== undefined && before !== null) audit.previous = before;
      if (typeof p.row?.reason === 'string') audit.reason = p.row.reason;
      audits.push(audit);
    }
  }
  if (conflicts.length > 0) {
    const byTable = new Map<WritableTable, string[]>();
    for (const p of conflicts) byTable.set(p.table, [...(byTable.get(p.table) ?? []), p.m.id]);
    const serverRows = new Map<string, Record<string, unknown>>();
    for (const [table, ids] of byTable) {
      for (const r of await fetchRecords(tx, table, ids)) serverRows.set(`${table.name}:${String(r.id)}`, r);
    }
    for (const p of conflicts) {
      const serverRecord = serverRows.get(`${p.table.name}:${p.m.id}`) ?? null;
      // A delete of a record already deleted changes nothing and is what the device wanted.
      if (p.m.op === 'delete' && serverRecord?.deletedAt) {
        fresh.push({ seq: p.m.seq, status: 'applied', version: Number(serverRecord.version) });
      } else {
        fresh.push({ seq: p.m.seq, status: 'conflict', serverRecord });
      }
    }
  }
  await ctx.beforeCommit?.();
  // The audit rows and the stored results in one statement, and on PostgreSQL COMMIT in its
  // message (write-path/transaction.ts): round trips less under the lock.
  const audited = audits.length > 0 ? auditInsert(ctx, audits) : null;
  const stored = ctx.clientId ? storeResultsQuery(ctx.clientId, fresh) : null;
  const one = audited ?? stored;
  await edges.last(audited && stored ? [sql`WITH audit AS (${audited}) ${stored}`] : one ? [one] : []);
  for (const r of fresh) results.set(r.seq, r);
  return batch.map((m) => {
    const result = results.get(m.seq);
    // Every mutation got a stored, rejected, applied or conflict result above.
    if (!result) throw new Error(`no result for seq ${m.seq}`);
    return result;
  });
}

/** The INSERT of a batch's audit rows (one per applied mutation). */
function auditInsert(ctx: ApplyContext, audits: Record<string, unknown>[]): SQL {
  const clientJson = ctx.clientId ? JSON.stringify({ clientId: ctx.clientId }) : null;
  return sql`INSERT INTO audit_events (user_id, ip, action, entity, entity_id, old_version, new_version, details)
      SELECT ${ctx.user.id}::uuid, ${ctx.ip}, x.action, x.entity, x.entity_id, x.old_version, x.new_version,
        CASE WHEN x.previous IS NULL AND x.reason IS NULL THEN ${clientJson}::jsonb
          ELSE COALESCE(${clientJson}::jsonb, '{}'::jsonb)
            || CASE WHEN x.previous IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('previous', x.previous) END
            || CASE WHEN x.reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', x.reason) END END
      FROM json_to_recordset(${JSON.stringify(audits)}::json)
        AS x(action text, entity text, entity_id text, old_version integer, new_version integer, previous jsonb,
          reason text)`;
}

/** SQLSTATE of a database error, on the error or (drizzle wraps them) on its cause. */
function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  if ('code' in err && typeof err.code === 'string') return err.code;
  return 'cause' in err ? sqlState(err.cause) : undefined;
}

/** SQLSTATE of a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/** Data exceptions (22xxx) and constraint violations (23xxx): the mutation's fault, not the server's. */
const isDataError = (err: unknown) => /^(22|23)/.test(sqlState(err) ?? '');

/**
 * Applies a batch on `database`; see the file header for the guarantees. The rows it wrote are
 * reported to the database's upkeep after writes (PGlite: db/write-upkeep.ts).
 */
export async function applyMutations(
  database: Pick<Database, 'db' | 'upkeep' | 'kind' | 'session'>,
  ctx: ApplyContext,
  batch: Mutation[],
): Promise<PushResult[]> {
  const results = await applyBatch(database, ctx, batch);
  database.upkeep.noteWrites(rowsWrittenBy(batch, results, ctx.clientId !== null));
  return results;
}

/**
 * On PostgreSQL, statements that need nothing from each other go in one message (db/together.ts),
 * and the transaction's edges with its first and last (write-path/transaction.ts).
 */
async function applyBatch(
  database: Pick<Database, 'db' | 'kind' | 'session'>,
  ctx: ApplyContext,
  batch: Mutation[],
): Promise<PushResult[]> {
  // Nothing to apply (every mutation of a push refused before the write path): no transaction.
  if (batch.length === 0) return [];
  const { db } = database;
  const together = database.kind === 'postgres';
  const seen = new Set<number>();
  for (const m of batch) {
    if (seen.has(m.seq)) throw Object.assign(new Error('duplicate seq in batch'), { statusCode: 400 });
    seen.add(m.seq);
  }
  // The ranges of a transaction count once it committed (a rolled-back one wrote nothing).
  // `attempt.late`: the transaction ran its checks before the write lock (checksBeforeLock).
  const inTx = async (
    mutations: Mutation[],
    checked = new Map<number, Prepared | PushResult>(),
    attempt = { lateLock: false, late: false, together },
  ) => {
    const written: ChangeRange[] = [];
    const results = await writeTransaction(database, (tx, edges) =>
      applyInTx(tx, ctx, mutations, written, checked, attempt, edges),
    );
    ctx.written?.push(...written);
    return results;
  };
  // Each mutation is checked before the transaction starts: while PGlite (on its own thread,
  // db/pglite-thread.ts) still applies the push before, or while another transaction holds the
  // write lock on PostgreSQL. A retry below checks again: the table hooks of the rolled-back
  // attempt may have filled its rows in.
  const checked = new Map(batch.map((m) => [m.seq, prepare(m, ctx.user)]));
  const first = { lateLock: true, late: false, together };
  try {
    return await inTx(batch, checked, first);
  } catch (err) {
    if (!isDataError(err)) throw err;
    // Checked before the write lock, a create may meet a record another writer created
    // meanwhile with its id (the primary key refuses it): the batch again, the lock taken first,
    // answers it as a conflict with that record, as if it had come after.
    let failure: unknown = err;
    if (first.late && sqlState(err) === UNIQUE_VIOLATION) {
      try {
        return await inTx(batch);
      } catch (again) {
        if (!isDataError(again)) throw again;
        failure = again;
      }
    }
    const [only] = batch;
    if (batch.length === 1 && only) return [await rejectOne(db, ctx, only, failure)];
  }
  const results: PushResult[] = [];
  for (const m of batch) {
    try {
      results.push(...(await inTx([m])));
    } catch (err) {
      if (!isDataError(err)) throw err;
      results.push(await rejectOne(db, ctx, m, err));
    }
  }
  return results;
}

/** A mutation the database itself refused (constraint, bad value): stored as rejected. */
async function rejectOne(db: Db, ctx: ApplyContext, m: Mutation, err: unknown): Promise<PushResult> {
  const code = sqlState(err);
  const result: PushResult = {
    seq: m.seq,
    status: 'rejected',
    errors: [{ code: code?.startsWith('23') ? 'conflict' : 'validation_error' }],
  };
  const { clientId } = ctx;
  if (!clientId) return result;
  return db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    // A retry of the same seq (another request of this device) may have stored it meanwhile.
    const stored = (await storedResults(tx, clientId, new Set([m.seq]))).get(m.seq);
    if (stored) return stored;
    await storeResults(tx, clientId, [result]);
    return result;
  });
}
