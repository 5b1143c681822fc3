/**
 * Reads synced rows as the API sends them (camelCase, ISO times, no server-only columns).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WritableTable } from './tables.ts';

type Exec = Pick<Db, 'execute'>;

const SERVER_ONLY = new Set(['change_seq', 'created_by', 'updated_by']);

const camelCache = new Map<string, string>();
const camel = (s: string) => {
  let c = camelCache.get(s);
  if (c === undefined) {
    c = s.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
    camelCache.set(s, c);
  }
  return c;
};

/** Turns a raw row into an API record. Dates become ISO strings; `date` columns stay YYYY-MM-DD. */
export function toApiRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
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

/** Columns selected for every synced table: date columns as text so no time zone shifts them. */
export function selectList(table: WritableTable): SQL {
  const dateCols = table.columns.filter((c) => c.type === 'date').map((c) => c.col);
  const others = table.columns.filter((c) => c.type !== 'date').map((c) => c.col);
  const parts = [
    'id::text AS id',
    ...others,
    ...dateCols.map((c) => `to_char(${c}, 'YYYY-MM-DD') AS ${c}`),
    'version',
    table.name === 'systemStatus' ? 'NULL::timestamptz AS created_at' : 'created_at',
    'updated_at',
    table.name === 'systemStatus' ? 'NULL::timestamptz AS deleted_at' : 'deleted_at',
  ];
  return sql.raw(parts.join(', '));
}

export async function fetchRecords(tx: Exec, table: WritableTable, ids: string[]) {
  if (ids.length === 0) return [];
  const res = await tx.execute(
    sql`SELECT ${selectList(table)} FROM ${sql.raw(table.sqlName)}
      WHERE id::text IN (SELECT value FROM json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return (res.rows as Record<string, unknown>[]).map(toApiRecord);
}

export async function fetchRecord(tx: Exec, table: WritableTable, id: string) {
  return (await fetchRecords(tx, table, [id]))[0] ?? null;
}
