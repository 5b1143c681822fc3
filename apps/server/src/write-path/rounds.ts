/**
 * A round's statements: one set-based write per (table, op) over a json_to_recordset of its rows,
 * and the change_seq ranges the write took (apply.ts runs the rounds in its transaction). Hand
 * written, not the drizzle builder: it has no form for UPDATE ... FROM json_to_recordset
 * (docs/decisions/002-set-based-sync-apply.md). Rows read back are parsed with zod, never cast.
 */
import type { ChangeRange, Mutation } from '@bh/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from '../db/client.ts';
import { runTogether } from '../db/together.ts';
import type { ColumnDef, WritableTable } from './tables.ts';

export type Exec = Db | Tx;

/** A mutation checked against its table: its record's row to write (null for a delete). */
export interface Prepared {
  m: Mutation;
  table: WritableTable;
  row: Record<string, unknown> | null;
}

/** id, new version and change_seq of each row a round wrote (bigint-safe text on some drivers). */
const writtenRowSchema = z.object({
  id: z.string(),
  version: z.coerce.number(),
  change_seq: z.coerce.number(),
});
const lastSeqSchema = z.object({ high: z.coerce.number() });

/** A round's written change_seqs as ranges of consecutive values. */
function rangesOf(seqs: number[]): ChangeRange[] {
  const ranges: ChangeRange[] = [];
  for (const seq of seqs.sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && seq === last.to + 1) last.to = seq;
    else ranges.push({ from: seq, to: seq });
  }
  return ranges;
}

const sqlType = (col: ColumnDef) =>
  ({
    text: 'text',
    date: 'date',
    timestamptz: 'timestamptz',
    int: 'integer',
    float: 'double precision',
    bool: 'boolean',
    jsonb: 'jsonb',
    uuid: 'uuid',
  })[col.type];

/**
 * The recordset JSON of a round names the table's columns by position (`c0`, `c1`, ...) and
 * leaves out the null ones (json_to_recordset reads an absent key as NULL): PostgreSQL parses
 * less JSON per row, and the INSERT costs less CPU (docs/decisions/002-set-based-sync-apply.md).
 */
const recordsetKeys = new WeakMap<WritableTable, { key: string; at: string }[]>();
/** Each writable column's key in the data and in the recordset JSON (`c0`, ...), in table order. */
function keysOf(table: WritableTable) {
  let keys = recordsetKeys.get(table);
  if (!keys) {
    keys = table.columns.map((c, i) => ({ key: c.key, at: `c${i}` }));
    recordsetKeys.set(table, keys);
  }
  return keys;
}

/** The recordset's columns: `x.c0` is the table's first writable column, and so on. */
function recordsetColumns(table: WritableTable, withBase: boolean) {
  const defs = [
    table.name === 'systemStatus' ? 'id text' : 'id uuid',
    ...(withBase ? ['base_version integer'] : []),
    ...table.columns.map((c, i) => `c${i} ${sqlType(c)}`),
  ];
  return sql.raw(defs.join(', '));
}

function toRecordsetRow(p: Prepared) {
  const out: Record<string, unknown> = { id: p.m.id };
  if (p.m.baseVersion !== null) out.base_version = p.m.baseVersion;
  if (!p.row) return out;
  for (const { key, at } of keysOf(p.table)) {
    const v = p.row[key];
    if (v !== undefined && v !== null) out[at] = v;
  }
  return out;
}

const idRowSchema = z.object({ id: z.string() });

/**
 * The ids of a round of creates that the table has already (lower case): those answer
 * 'conflict'. Read under the write lock, or before it (write-path/apply.ts, late lock): a record
 * with one of the other ids created meanwhile fails the INSERT on the primary key, and the
 * batch is applied again with the lock taken first, which reads again.
 */
export async function takenIds(tx: Exec, table: WritableTable, items: Prepared[]): Promise<Set<string>> {
  const idType = sql.raw(table.name === 'systemStatus' ? 'text' : 'uuid');
  const ids = JSON.stringify(items.map((p) => p.m.id));
  const taken = await queryRows(
    tx,
    idRowSchema,
    sql`SELECT id::text AS id FROM ${sql.raw(table.sqlName)}
      WHERE id = ANY(ARRAY(SELECT json_array_elements_text(${ids}::json)::${idType}))`,
  );
  return new Set(taken.map((r) => r.id.toLowerCase()));
}

/**
 * Creates a round's records, but those whose id the table already has (they answer 'conflict';
 * `taken`: read before, else now). The ids are looked up first and the rest inserted plainly:
 * under the write lock nobody else inserts meanwhile, and an INSERT without ON CONFLICT and
 * RETURNING costs less CPU, lookup included (docs/decisions/002-set-based-sync-apply.md).
 */
async function insertRound(
  tx: Exec,
  table: WritableTable,
  items: Prepared[],
  userId: string,
  written: ChangeRange[],
  { taken, together }: RoundOptions,
) {
  const t = sql.raw(table.sqlName);
  const known = taken ?? (await takenIds(tx, table, items));
  const fresh = items.filter((p) => !known.has(p.m.id.toLowerCase()));
  if (fresh.length === 0) return new Map<string, number>();
  const cols = table.columns.map((c) => c.col);
  const target = sql.raw(['id', ...cols].join(', '));
  const source = sql.raw(['x.id', ...cols.map((_, i) => `x.c${i}`)].join(', '));
  const audit = table.name === 'systemStatus' ? sql`` : sql`, created_by, updated_by`;
  const auditVals = table.name === 'systemStatus' ? sql`` : sql`, ${userId}::uuid, ${userId}::uuid`;
  const insert = sql`INSERT INTO ${t} (${target}, version, change_seq${audit})
    SELECT ${source}, 1, nextval('change_seq')${auditVals}
    FROM json_to_recordset(${JSON.stringify(fresh.map(toRecordsetRow))}::json) AS x(${recordsetColumns(table, true)})`;
  // The change_seqs it took: the `fresh.length` values up to the session's last one. Consecutive,
  // as under the write lock no other session takes any (the pull cursor relies on the same
  // lock). Read this way, not with RETURNING (even folded into one summary row by a CTE it cost
  // a noticeable share of the INSERT's CPU; docs/decisions/002-set-based-sync-apply.md); in the
  // INSERT's message on PostgreSQL (db/together.ts), where a round trip under the lock costs more.
  const [, highRows] = await runTogether(tx, together, [insert, sql`SELECT currval('change_seq') AS high`]);
  const [last] = z.array(lastSeqSchema).parse(highRows);
  if (last) written.push({ from: last.high - fresh.length + 1, to: last.high });
  return new Map(fresh.map((p) => [p.m.id, 1]));
}

/**
 * How a round runs: `taken`, the ids of a round of creates read before (else read now);
 * `together`, statements may share a message (db/together.ts).
 */
export interface RoundOptions {
  taken?: ReadonlySet<string> | undefined;
  together: boolean;
}

/**
 * A recordset as a subquery with its row count as LIMIT: PostgreSQL takes every
 * json_to_recordset for 100 rows. Joined with a table of a few thousand rows, or one without
 * statistics yet (a new deployment's first minute), that estimate chose a hash join over a scan
 * of the whole table for an update of one record: 5.6 ms at 12,000 travellers, under the write
 * lock, against 0.1 ms for the primary key lookup the LIMIT leads it to
 * (docs/decisions/021-statements-together.md).
 */
export const counted = (recordset: SQL, rows: number) =>
  sql`(SELECT * FROM ${recordset} LIMIT ${sql.raw(String(Math.max(1, Math.trunc(rows))))}) AS x`;

/** Runs one (table, op) round set-based; returns the ids written with their new versions. */
export async function writeRound(
  tx: Exec,
  table: WritableTable,
  op: Mutation['op'],
  items: Prepared[],
  userId: string,
  written: ChangeRange[],
  options: RoundOptions,
) {
  if (op === 'create') return insertRound(tx, table, items, userId, written, options);
  const json = JSON.stringify(items.map(toRecordsetRow));
  const cols = table.columns.map((c) => c.col);
  const t = sql.raw(table.sqlName);
  let q: SQL;
  if (op === 'update') {
    const sets = sql.raw(cols.map((c, i) => `${c} = x.c${i}`).join(', '));
    const extra =
      table.name === 'systemStatus'
        ? sql`, updated_by = ${userId}::uuid`
        : sql`, deleted_at = NULL, updated_by = ${userId}::uuid`;
    q = sql`UPDATE ${t} AS t SET ${sets}, version = t.version + 1, updated_at = now(),
      change_seq = nextval('change_seq')${extra}
      FROM ${counted(sql`json_to_recordset(${json}::json) AS x(${recordsetColumns(table, true)})`, items.length)}
      WHERE t.id = x.id AND t.version = x.base_version
      RETURNING t.id::text AS id, t.version, t.change_seq`;
  } else {
    q = sql`UPDATE ${t} AS t SET deleted_at = now(), version = t.version + 1, updated_at = now(),
      change_seq = nextval('change_seq'), updated_by = ${userId}::uuid
      FROM ${counted(sql`json_to_recordset(${json}::json) AS x(id uuid, base_version integer)`, items.length)}
      WHERE t.id = x.id AND t.version = x.base_version AND t.deleted_at IS NULL
      RETURNING t.id::text AS id, t.version, t.change_seq`;
  }
  const rows = await queryRows(tx, writtenRowSchema, q);
  written.push(...rangesOf(rows.map((r) => r.change_seq)));
  return new Map(rows.map((r) => [r.id, r.version]));
}
