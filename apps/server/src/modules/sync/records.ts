/**
 * Reads synced rows as the API sends them (camelCase, ISO times, no server-only columns).
 * Lookups and pull pages are drizzle selects.
 */
import { isValidRecordId, type SyncTable } from '@bh/shared';
import { and, asc, getTableColumns, gt, inArray, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { checkIns, healthDeclarations, systemStatus, travelerEvents, travelers } from '../../db/schema.ts';
import type { WritableTable } from './tables.ts';

/** The database or a transaction: whatever can run a select. */
type Reader = Pick<Db, 'select'>;
/** A synced record as the API sends it. */
export type ApiRecord = Record<string, unknown>;

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

// The API columns of each synced table: everything but the server-only bookkeeping. Drizzle
// reads `date` columns as YYYY-MM-DD strings (mode 'string'), so no time zone shifts them.
const { changeSeq: _tSeq, createdBy: _tBy, updatedBy: _tUp, ...travelerColumns } = getTableColumns(travelers);
const {
  changeSeq: _dSeq,
  createdBy: _dBy,
  updatedBy: _dUp,
  ...apiDeclarationColumns
} = getTableColumns(healthDeclarations);
/** The columns of health_declarations an API record carries. */
export const declarationColumns = apiDeclarationColumns;
const { changeSeq: _sSeq, updatedBy: _sUp, ...statusColumns } = getTableColumns(systemStatus);
const {
  changeSeq: _eSeq,
  createdBy: _eBy,
  updatedBy: _eUp,
  ...eventColumns
} = getTableColumns(travelerEvents);
const { changeSeq: _cSeq, createdBy: _cBy, updatedBy: _cUp, ...checkInColumns } = getTableColumns(checkIns);
// The system status has no creation time and is never deleted; its records carry both as null
// like every other synced record.
const statusRecord = (row: Record<string, unknown>) =>
  toApiRecord({ ...row, createdAt: null, deletedAt: null });

interface SyncedSource {
  /** The records with these ids (tombstones included). */
  byIds(db: Reader, ids: string[]): Promise<ApiRecord[]>;
  /** Up to `limit` rows changed after `cursor` (and up to `upTo` when set), in change_seq order. */
  changedAfter(
    db: Reader,
    cursor: number,
    limit: number,
    upTo: number | null,
  ): Promise<{ seq: number; record: ApiRecord }[]>;
}

/** A synced table: an id to look records up by and a change_seq to page changes by. */
type SyncedPgTable =
  | typeof travelers
  | typeof healthDeclarations
  | typeof systemStatus
  | typeof travelerEvents
  | typeof checkIns;

/** How one synced table is read: its API columns, and how a selected row becomes a record. */
function syncedSource(
  table: SyncedPgTable,
  columns: Record<string, AnyPgColumn>,
  toRecord: (row: Record<string, unknown>) => ApiRecord = toApiRecord,
): SyncedSource {
  return {
    byIds: async (db, ids) =>
      (await db.select(columns).from(table).where(inArray(table.id, ids))).map(toRecord),
    changedAfter: async (db, cursor, limit, upTo) =>
      (
        await db
          .select({ seq: table.changeSeq, row: columns })
          .from(table)
          .where(and(gt(table.changeSeq, cursor), upTo === null ? undefined : lte(table.changeSeq, upTo)))
          .orderBy(asc(table.changeSeq))
          .limit(limit)
      ).map(({ seq, row }) => ({ seq, record: toRecord(row) })),
  };
}

const SOURCES: Partial<Record<SyncTable, SyncedSource>> = {
  travelers: syncedSource(travelers, travelerColumns),
  healthDeclarations: syncedSource(healthDeclarations, declarationColumns),
  systemStatus: syncedSource(systemStatus, statusColumns, statusRecord),
  travelerEvents: syncedSource(travelerEvents, eventColumns),
  checkIns: syncedSource(checkIns, checkInColumns),
};

/** The records of `table` with these ids; ids that cannot exist in it (not a UUID) are skipped. */
export async function fetchRecords(tx: Reader, table: WritableTable, ids: string[]): Promise<ApiRecord[]> {
  const source = SOURCES[table.name];
  const valid = ids.filter((id) => isValidRecordId(table.name, id));
  if (!source || valid.length === 0) return [];
  return source.byIds(tx, valid);
}

export async function fetchRecord(tx: Reader, table: WritableTable, id: string): Promise<ApiRecord | null> {
  return (await fetchRecords(tx, table, [id]))[0] ?? null;
}

/** Up to `limit` changes of `table` after `cursor` (up to `upTo` when set), in change_seq order. */
export async function changesAfter(
  db: Reader,
  table: WritableTable,
  cursor: number,
  limit: number,
  upTo: number | null = null,
) {
  return (await SOURCES[table.name]?.changedAfter(db, cursor, limit, upTo)) ?? [];
}
