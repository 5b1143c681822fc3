/**
 * Reads synced rows as the API sends them (camelCase, ISO times, no server-only columns).
 * Lookups are drizzle selects; pull pages are written as JSON by the database (changesJson).
 */
import { isValidRecordId, type ServedTable } from '@bh/shared';
import { getTableColumns, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { healthDeclarations } from '../db/schema.ts';
import { PULLED_TABLES, type SyncedPgTable, type WritableTable } from './tables.ts';

/** The database or a transaction: whatever can run a select. */
type Reader = Pick<Db, 'select'>;
/** A synced record as the API sends it. */
export type ApiRecord = Record<string, unknown>;

const SERVER_ONLY = new Set(['change_seq', 'created_by', 'updated_by', 'post_id']);

const camelCache = new Map<string, string>();
const camel = (s: string) => {
  let c = camelCache.get(s);
  if (c === undefined) {
    c = s.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
    camelCache.set(s, c);
  }
  return c;
};

/**
 * Turns a row (raw snake_case or drizzle camelCase) into an API record. Dates become ISO strings;
 * `date` columns stay YYYY-MM-DD.
 */
export function toApiRecord(row: Record<string, unknown>): ApiRecord {
  const out: ApiRecord = {};
  for (const [k, v] of Object.entries(row)) {
    if (SERVER_ONLY.has(k)) continue;
    let value = v;
    if (v instanceof Date) value = v.toISOString();
    else if (typeof v === 'string' && (k.endsWith('_at') || k === 'updated_at') && v.includes(' ')) {
      value = new Date(v).toISOString();
    } else if (typeof v === 'string' && (k === 'body_temperature' || k === 'version' || k === 'risk_score')) {
      value = Number(v);
    }
    out[camel(k)] = value;
  }
  return out;
}

/**
 * Columns a synced table keeps for the server only: never in an API record. A traveller's own
 * post (entryPostId) is sent; the copy its records keep to be pulled by post (postId) is not, nor
 * the folded name search reads (nameFolded).
 */
const SERVER_ONLY_COLUMNS = new Set(['changeSeq', 'createdBy', 'updatedBy', 'postId', 'nameFolded']);

/**
 * The API columns of a synced table: everything but the server-only bookkeeping and the columns
 * the database generates, in table order.
 * Drizzle reads `date` columns as YYYY-MM-DD strings (mode 'string'), so no time zone shifts them.
 */
const apiColumns = (table: SyncedPgTable): Record<string, AnyPgColumn> =>
  Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(
      ([key, column]) => !SERVER_ONLY_COLUMNS.has(key) && !column.generated,
    ),
  );

const {
  changeSeq: _dSeq,
  createdBy: _dBy,
  updatedBy: _dUp,
  postId: _dPost,
  ...apiDeclarationColumns
} = getTableColumns(healthDeclarations);
/** The columns of health_declarations an API record carries. */
export const declarationColumns = apiDeclarationColumns;
// The system status has no creation time and is never deleted; its records carry both as null
// like every other synced record.
const statusRecord = (row: Record<string, unknown>) =>
  toApiRecord({ ...row, createdAt: null, deletedAt: null });

/**
 * A column's API value computed in SQL: times as toISOString() writes them (UTC, milliseconds,
 * truncated like the Date that drizzle makes), everything else as row_to_json writes it, which is
 * what JSON.stringify writes for the value drizzle reads (dates stay YYYY-MM-DD, jsonb as stored).
 */
const apiValue = (column: AnyPgColumn): SQL =>
  column.columnType === 'PgTimestamp'
    ? sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`${column}`;

interface SyncedSource {
  /**
   * The page's changes of this table as JSON text, `{"table":...,"record":{...}}` each, with
   * their change_seq: one branch of the page query in sync/pull.ts.
   */
  changesJson(cursor: number, limit: number, upTo: number | null, skip: SkipFilter, posts: PostFilter): SQL;
  /** The records with these ids (tombstones included). */
  byIds(db: Reader, ids: string[]): Promise<ApiRecord[]>;
}

/** The condition that leaves skipped change_seqs out, on a table's change_seq column (sync/pull.ts). */
export type SkipFilter = (changeSeq: SQLWrapper) => SQL;

/** The posts whose records a pull reads (null: every post). */
export type PostFilter = readonly string[] | null;

/**
 * The ORDER BY of a pull branch: change_seq; for one post, (post, change_seq), which under the
 * post's equality is the same order and which only the (post, change_seq) index gives, so
 * PostgreSQL reads that index's range instead of walking change_seq through every post's rows
 * (EXPLAIN with 50 posts: 97,902 rows of other posts read and thrown away for a page of 2,001).
 */
export function pullOrder(post: SQLWrapper | null, seq: SQLWrapper, posts: PostFilter): SQL {
  return post !== null && posts?.length === 1 ? sql`${post}, ${seq}` : sql`${seq}`;
}

/**
 * ` AND post = ...` on a table's post column for a scoped pull: one post is an equality, so the
 * page is a range of the (post, change_seq) index already in change_seq order (0016).
 */
export function postCondition(column: SQLWrapper | null, posts: PostFilter): SQL {
  if (posts === null || column === null) return sql``;
  const [only] = posts;
  // BETWEEN, not '=': under an equality PostgreSQL drops the post from the ORDER BY (pullOrder)
  // and walks the change_seq index through every post's rows (its cost model prefers that
  // index's heap order); a range keeps the (post, change_seq) order, which only that index gives.
  if (posts.length === 1 && only !== undefined)
    return sql` AND ${column} BETWEEN ${only}::uuid AND ${only}::uuid`;
  return sql` AND ${column} = ANY(${`{${posts.join(',')}}`}::uuid[])`;
}

const dialect = new PgDialect();

/** A part of a query without parameters, rendered once as raw SQL text. */
function rendered(part: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(part);
  if (params.length > 0) throw new Error('a rendered part of a query has parameters');
  return sql.raw(text);
}

/** How one synced table is read: its API columns, and how a selected row becomes a record. */
function syncedSource(
  name: ServedTable,
  table: SyncedPgTable,
  { toRecord = toApiRecord, nullKeys = [] }: RecordShape = {},
): SyncedSource {
  const columns = apiColumns(table);
  // The record's keys in column order (and the keys it always sends as null), as toRecord has them.
  const select = sql.join(
    [
      ...Object.entries(columns).map(([key, column]) => sql`${apiValue(column)} AS ${sql.identifier(key)}`),
      ...nullKeys.map((key) => sql`NULL::text AS ${sql.identifier(key)}`),
    ],
    sql`, `,
  );
  const prefix = `{"table":${JSON.stringify(name)},"record":`;
  const post = postColumnOf(table);
  // Written out once: drizzle walks every chunk of a query each time it renders one, and these
  // parts (dozens of columns per table) made up a tenth of an instance's CPU under the cluster
  // load (bench/cluster-load.mjs), for text that never changes.
  const columnsText = rendered(select);
  const from = rendered(sql`${table}`);
  const seq = rendered(sql`${table.changeSeq}`);
  const postText = post === null ? null : rendered(sql`${post}`);
  return {
    changesJson: (cursor, limit, upTo, skip, posts) =>
      sql`(SELECT ${seq} AS seq, ${prefix}::text || (SELECT row_to_json(r) FROM (SELECT ${columnsText}) AS r)::text || '}' AS change
        FROM ${from}
        WHERE ${seq} > ${cursor}${upTo === null ? sql`` : sql` AND ${seq} <= ${upTo}`}${skip(seq)}${postCondition(postText, posts)}
        ORDER BY ${pullOrder(postText, seq, posts)} LIMIT ${limit})`,
    byIds: async (db, ids) =>
      (await db.select(columns).from(table).where(inArray(table.id, ids))).map(toRecord),
  };
}

/** The column that says which post a row belongs to (none for global tables). */
export function postColumnOf(table: SyncedPgTable): AnyPgColumn | null {
  if ('entryPostId' in table) return table.entryPostId;
  if ('postId' in table) return table.postId;
  return null;
}

/** How a table's selected row becomes a record, where it is not `toApiRecord` of its columns. */
interface RecordShape {
  toRecord?: (row: Record<string, unknown>) => ApiRecord;
  /** Keys the record always carries as null (columns the table does not have). */
  nullKeys?: readonly string[];
}

const RECORD_SHAPES: Partial<Record<ServedTable, RecordShape>> = {
  systemStatus: { toRecord: statusRecord, nullKeys: ['createdAt', 'deletedAt'] },
};

/** How each table of the server's registry (tables.ts) is read. */
const SOURCES = new Map(
  PULLED_TABLES.map((t) => [t.name, syncedSource(t.name, t.pgTable, RECORD_SHAPES[t.name])]),
);

/** The records of `table` with these ids; ids that cannot exist in it (not a UUID) are skipped. */
export async function fetchRecords(tx: Reader, table: WritableTable, ids: string[]): Promise<ApiRecord[]> {
  const source = SOURCES.get(table.name);
  const valid = ids.filter((id) => isValidRecordId(table.name, id));
  if (!source || valid.length === 0) return [];
  return source.byIds(tx, valid);
}

export async function fetchRecord(tx: Reader, table: WritableTable, id: string): Promise<ApiRecord | null> {
  return (await fetchRecords(tx, table, [id]))[0] ?? null;
}

/** The page query branch of `table` (see SyncedSource.changesJson); null for a table not synced. */
export function changesJson(
  table: WritableTable,
  cursor: number,
  limit: number,
  upTo: number | null,
  skip: SkipFilter,
  posts: PostFilter,
) {
  return SOURCES.get(table.name)?.changesJson(cursor, limit, upTo, skip, posts) ?? null;
}
