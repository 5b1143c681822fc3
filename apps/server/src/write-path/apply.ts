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
 * Every write transaction takes one advisory lock first, so change_seq values commit in order
 * and a pull cursor can never skip a slower transaction's rows.
 *
 * Why hand-written SQL here and not the drizzle query builder: the writes are set-based
 * (json_to_recordset over the whole round, one statement per round), an order of magnitude
 * faster than writing row by row; the builder has no form for UPDATE ... FROM
 * json_to_recordset. See docs/decisions/002-set-based-sync-apply.md. The rounds' statements are
 * in rounds.ts.
 */
import { type ChangeRange, type Mutation, type PushResult, validateMutationData } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { redactDetails } from '../modules/audit/audit.ts';
import type { AuthUser } from '../plugins/auth-guard.ts';
import { postScopeRejections } from './post-scope.ts';
import { anonymisedRejections } from './privacy-guard.ts';
import { fetchRecords } from './records.ts';
import { type Exec, type Prepared, writeRound } from './rounds.ts';
import { storedResults, storeResults } from './stored-results.ts';
import { rowsWrittenBy, type WritableTable, writableTable } from './tables.ts';
import { travelerRuleRejections } from './traveler-rules.ts';

const WRITE_LOCK_KEY = 7_233_001;

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

export async function lockWrites(tx: Exec) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
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

/** Applies a batch in `tx`; `written` gets the change_seq ranges of its writes (see ApplyContext). */
async function applyInTx(
  tx: Exec,
  ctx: ApplyContext,
  batch: Mutation[],
  written: ChangeRange[],
  checked: Map<number, Prepared | PushResult>,
): Promise<PushResult[]> {
  await lockWrites(tx);
  const results = new Map<number, PushResult>();
  let pending = batch;
  if (ctx.clientId) {
    for (const [seq, r] of await storedResults(tx, ctx.clientId, new Set(batch.map((m) => m.seq))))
      results.set(seq, r);
    pending = batch.filter((m) => !results.has(m.seq));
  }
  const fresh: PushResult[] = [];
  const prepared: Prepared[] = [];
  for (const m of pending) {
    const p = checked.get(m.seq) ?? prepare(m, ctx.user);
    if ('status' in p) fresh.push(p);
    else prepared.push(p);
  }
  const ruleRefused = await travelerRuleRejections(
    tx,
    ctx.user,
    prepared.filter((p) => p.table.name === 'travelers').map((p) => ({ ...p.m, data: p.row })),
  );
  for (const [seq, errors] of ruleRefused) fresh.push({ seq, status: 'rejected', errors });
  const conflicts: Prepared[] = [];
  const audits: Record<string, unknown>[] = [];
  for (const round of toRounds(prepared.filter((p) => !ruleRefused.has(p.m.seq)))) {
    const outOfScope = await postScopeRejections(tx, round.table, round.op, hookItems(round.items), ctx.user);
    for (const [id, code] of await anonymisedRejections(tx, round.table, round.op, hookItems(round.items)))
      outOfScope.set(id, code);
    const inScope = round.items.filter((p) => !outOfScope.has(p.m.id));
    const hooked = (await round.table.beforeWrite?.(tx, round.op, hookItems(inScope), ctx.user)) ?? null;
    const refused = outOfScope.size > 0 || hooked ? new Map([...outOfScope, ...(hooked ?? [])]) : null;
    const items = refused ? round.items.filter((p) => !refused.has(p.m.id)) : round.items;
    for (const [id, code] of refused ?? []) {
      const p = round.items.find((i) => i.m.id === id);
      if (p) fresh.push({ seq: p.m.seq, status: 'rejected', errors: [{ code }] });
    }
    if (items.length === 0) continue;
    const previous = await previousRows(tx, round.table, round.op, round.ids);
    const versions = await writeRound(tx, round.table, round.op, items, ctx.user.id, written);
    const writtenItems = items.filter((p) => versions.has(p.m.id));
    if (writtenItems.length > 0)
      await round.table.afterWrite?.(tx, round.op, hookItems(writtenItems), ctx.user);
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
  if (audits.length > 0) {
    const clientJson = ctx.clientId ? JSON.stringify({ clientId: ctx.clientId }) : null;
    await tx.execute(sql`INSERT INTO audit_events (user_id, ip, action, entity, entity_id, old_version, new_version, details)
      SELECT ${ctx.user.id}::uuid, ${ctx.ip}, x.action, x.entity, x.entity_id, x.old_version, x.new_version,
        CASE WHEN x.previous IS NULL AND x.reason IS NULL THEN ${clientJson}::jsonb
          ELSE COALESCE(${clientJson}::jsonb, '{}'::jsonb)
            || CASE WHEN x.previous IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('previous', x.previous) END
            || CASE WHEN x.reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', x.reason) END END
      FROM json_to_recordset(${JSON.stringify(audits)}::json)
        AS x(action text, entity text, entity_id text, old_version integer, new_version integer, previous jsonb,
          reason text)`);
  }
  if (ctx.clientId && fresh.length > 0) {
    await storeResults(tx, ctx.clientId, fresh);
    const maxSeq = Math.max(...fresh.map((r) => r.seq));
    await tx.execute(sql`INSERT INTO sync_clients (client_id, user_id, last_seq) VALUES (${ctx.clientId}, ${ctx.user.id}::uuid, ${maxSeq})
      ON CONFLICT (client_id) DO UPDATE SET last_seq = GREATEST(sync_clients.last_seq, EXCLUDED.last_seq),
        user_id = EXCLUDED.user_id, updated_at = now()`);
  }
  await ctx.beforeCommit?.();
  for (const r of fresh) results.set(r.seq, r);
  return batch.map((m) => {
    const result = results.get(m.seq);
    // Every mutation got a stored, rejected, applied or conflict result above.
    if (!result) throw new Error(`no result for seq ${m.seq}`);
    return result;
  });
}

/** SQLSTATE of a database error, on the error or (drizzle wraps them) on its cause. */
function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  if ('code' in err && typeof err.code === 'string') return err.code;
  return 'cause' in err ? sqlState(err.cause) : undefined;
}

/** Data exceptions (22xxx) and constraint violations (23xxx): the mutation's fault, not the server's. */
const isDataError = (err: unknown) => /^(22|23)/.test(sqlState(err) ?? '');

/**
 * Applies a batch on `database`; see the file header for the guarantees. The rows it wrote are
 * reported to the database's upkeep after writes (PGlite: db/write-upkeep.ts).
 */
export async function applyMutations(
  database: Pick<Database, 'db' | 'upkeep'>,
  ctx: ApplyContext,
  batch: Mutation[],
): Promise<PushResult[]> {
  const results = await applyBatch(database.db, ctx, batch);
  database.upkeep.noteWrites(rowsWrittenBy(batch, results, ctx.clientId !== null));
  return results;
}

async function applyBatch(db: Db, ctx: ApplyContext, batch: Mutation[]): Promise<PushResult[]> {
  const seen = new Set<number>();
  for (const m of batch) {
    if (seen.has(m.seq)) throw Object.assign(new Error('duplicate seq in batch'), { statusCode: 400 });
    seen.add(m.seq);
  }
  // The ranges of a transaction count once it committed (a rolled-back one wrote nothing).
  const inTx = async (mutations: Mutation[], checked = new Map<number, Prepared | PushResult>()) => {
    const written: ChangeRange[] = [];
    const results = await db.transaction((tx) => applyInTx(tx, ctx, mutations, written, checked));
    ctx.written?.push(...written);
    return results;
  };
  // Each mutation is checked before the transaction starts: while PGlite (on its own thread,
  // db/pglite-thread.ts) still applies the push before, or while another transaction holds the
  // write lock on PostgreSQL. A retry one by one below checks again: the table hooks of the
  // rolled-back attempt may have filled its rows in.
  const checked = new Map(batch.map((m) => [m.seq, prepare(m, ctx.user)]));
  try {
    return await inTx(batch, checked);
  } catch (err) {
    if (!isDataError(err)) throw err;
    const [only] = batch;
    if (batch.length === 1 && only) return [await rejectOne(db, ctx, only, err)];
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
    await lockWrites(tx);
    // A retry of the same seq (another request of this device) may have stored it meanwhile.
    const stored = (await storedResults(tx, clientId, new Set([m.seq]))).get(m.seq);
    if (stored) return stored;
    await storeResults(tx, clientId, [result]);
    return result;
  });
}
