/**
 * The server's registry of synced tables, one entry per table the server writes and sends (the
 * shared registry's `served` tables, packages/shared/src/sync/table-registry.ts): how each maps
 * to SQL (its drizzle table, whose name must be the shared `sqlName`; its writable columns for
 * set-based json_to_recordset writes), who may write it, and what the server adds (risk score
 * for declarations, the lifecycle's table hooks). The pull, the record reads and the upkeep after
 * writes follow from it.
 */
import {
  ANALYSED_SYNC_TABLES,
  computeRiskScore,
  declarationInputSchema,
  foldForSearch,
  isServedTable,
  SERVED_TABLES,
  type ServedTable,
  SYNC_TABLE_SPECS,
  type SyncOp,
  type SyncTable,
} from '@bh/shared';
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { checkIns, healthDeclarations, systemStatus, travelerEvents, travelers } from '../db/schema.ts';
import type { AnalysedTable, WrittenRows } from '../db/write-upkeep.ts';
import {
  afterCheckIns,
  afterDeclarations,
  afterEvents,
  afterTravelers,
  beforeCheckIns,
  beforeEvents,
  travelersDeclaredRead,
} from '../modules/lifecycle/effects.ts';
import type { AuthUser } from '../plugins/auth-guard.ts';
import type { AfterWriteHook, RoundHook } from './hooks.ts';

type ColumnType = 'text' | 'date' | 'timestamptz' | 'int' | 'float' | 'bool' | 'jsonb' | 'uuid';
export interface ColumnDef {
  key: string;
  col: string;
  type: ColumnType;
}

/** The drizzle table of a synced table: an id to look records up by and a change_seq to page by. */
export type SyncedPgTable =
  | typeof travelers
  | typeof healthDeclarations
  | typeof systemStatus
  | typeof travelerEvents
  | typeof checkIns;

export interface WritableTable {
  name: ServedTable;
  sqlName: string;
  pgTable: SyncedPgTable;
  columns: ColumnDef[];
  /** Which users may write which operations. */
  canWrite(user: AuthUser, op: SyncOp, id: string): boolean;
  /** Server-computed columns added to validated data; may return an error code to reject. */
  prepare?(data: Record<string, unknown>, id: string): Record<string, unknown> | { error: string };
  /** Entity name in the audit trail. */
  auditEntity: string;
  /** Keep the row as it was before an update in audit_events.details.previous (earlier versions). */
  auditPrevious?: boolean;
  /**
   * Runs in the write transaction before a round is written: fills server columns that need the
   * database (in place, on `row`) and refuses items (record id -> error code).
   */
  beforeWrite?: RoundHook<Map<string, string>>;
  /** Runs in the write transaction after a round, with the items it wrote: effects on other tables. */
  afterWrite?: AfterWriteHook;
  /**
   * The read afterWrite starts with, for a round of `op` on records `ids`, when nothing the
   * transaction writes before it can change its answer once the write lock is held: the write
   * path may then send it with the lock (db/together.ts) and hand its rows to afterWrite.
   */
  afterWriteReads?: (op: SyncOp, ids: string[]) => SQL | null;
  /** Other tables whose rows afterWrite may write (counted for the planner statistics). */
  alsoWrites?: readonly AnalysedTable[];
}

/** A table's entry: its name and SQL name from the shared registry, checked against drizzle's. */
function synced(
  name: ServedTable,
  pgTable: SyncedPgTable,
  rest: Omit<WritableTable, 'name' | 'sqlName' | 'pgTable'>,
): WritableTable {
  const { sqlName } = SYNC_TABLE_SPECS[name];
  if (getTableName(pgTable) !== sqlName)
    throw new Error(`sync: ${name} is ${getTableName(pgTable)} in the schema but ${sqlName} in the registry`);
  return { name, sqlName, pgTable, ...rest };
}

/** The SQL type each drizzle column kind of a synced table is cast to in set-based writes. */
const COLUMN_TYPES: Readonly<Record<string, ColumnType>> = {
  PgText: 'text',
  PgDateString: 'date',
  PgTimestamp: 'timestamptz',
  PgInteger: 'int',
  PgDoublePrecision: 'float',
  PgBoolean: 'bool',
  PgJsonb: 'jsonb',
  PgUUID: 'uuid',
};

/** Columns the server keeps itself: the id and the bookkeeping; a mutation's data never sets them. */
const SERVER_COLUMNS = new Set([
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'changeSeq',
  'createdBy',
  'updatedBy',
]);

/**
 * The columns a mutation writes, in table order, read from the drizzle schema (names written once),
 * but the server's own (`serverOwned`: never written by a mutation) and those the database
 * generates. A column a table's `prepare` computes is written like the mutation's own.
 */
function writableColumns(table: PgTable, serverOwned: readonly string[] = []): ColumnDef[] {
  return Object.entries(getTableColumns(table))
    .filter(([key, column]) => !SERVER_COLUMNS.has(key) && !serverOwned.includes(key) && !column.generated)
    .map(([key, column]) => {
      const type = COLUMN_TYPES[column.columnType];
      if (!type)
        throw new Error(`sync: no SQL type for ${getTableName(table)}.${column.name} (${column.columnType})`);
      return { key, col: column.name, type };
    });
}

const TRAVELERS: WritableTable = synced('travelers', travelers, {
  auditEntity: 'traveler',
  // The status and the quarantine schedule follow the lifecycle (status_changed events, the first
  // declaration): a traveller mutation never writes them, whatever its data says.
  columns: writableColumns(travelers, ['status', 'quarantineStart', 'quarantineDays']),
  // The audit viewer shows each change's old values (and reports can tell what a change left).
  auditPrevious: true,
  canWrite: () => true,
  // The folded name search reads, folded here rather than by the database: PostgreSQL's
  // translate() over the fold's 900 characters cost about 50 µs a row on PGlite, a seventh of a
  // synced traveller's whole write (migration 0026).
  prepare: (data) => ({ ...data, nameFolded: foldForSearch(String(data.fullName ?? '')) }),
  afterWrite: afterTravelers,
  afterWriteReads: travelersDeclaredRead,
});

export const HEALTH_DECLARATIONS: WritableTable = synced('healthDeclarations', healthDeclarations, {
  auditEntity: 'health_declaration',
  auditPrevious: true,
  columns: writableColumns(healthDeclarations),
  canWrite: () => true,
  afterWrite: afterDeclarations,
  alsoWrites: ['travelers', 'traveler_events'],
  prepare(data, id) {
    // One declaration per traveller: its id is the traveller's id, so two devices declaring
    // the same traveller meet as a version conflict instead of a duplicate row.
    if (data.travelerId !== id) return { error: 'sync.validation.declarationIdMismatch' };
    // `data` already passed this schema (validateMutationData); parsing again types it for the
    // score at the cost of one small object check per declaration.
    const risk = computeRiskScore(declarationInputSchema.parse(data));
    return {
      ...data,
      riskScore: risk.score,
      riskLevel: risk.level,
      riskFactors: risk.factors,
      ruleVersion: risk.ruleVersion,
    };
  },
});

const SYSTEM_STATUS: WritableTable = synced('systemStatus', systemStatus, {
  auditEntity: 'system_status',
  columns: writableColumns(systemStatus),
  canWrite: (user, op, id) => user.role === 'admin' && op === 'update' && id === 'current',
});

/** The traveller timeline: devices only append (the lifecycle checks status changes). */
const TRAVELER_EVENTS: WritableTable = synced('travelerEvents', travelerEvents, {
  auditEntity: 'traveler_event',
  columns: writableColumns(travelerEvents),
  canWrite: (_user, op) => op === 'create',
  beforeWrite: beforeEvents,
  afterWrite: afterEvents,
  alsoWrites: ['travelers', 'audit_events'],
});

const CHECK_INS: WritableTable = synced('checkIns', checkIns, {
  auditEntity: 'check_in',
  auditPrevious: true,
  columns: writableColumns(checkIns),
  canWrite: () => true,
  beforeWrite: beforeCheckIns,
  afterWrite: afterCheckIns,
  alsoWrites: ['traveler_events'],
});

/** The registry: every served table has an entry (the type says so). */
export const WRITABLE_TABLES: Readonly<Record<ServedTable, WritableTable>> = {
  travelers: TRAVELERS,
  healthDeclarations: HEALTH_DECLARATIONS,
  systemStatus: SYSTEM_STATUS,
  travelerEvents: TRAVELER_EVENTS,
  checkIns: CHECK_INS,
};

/** The entry of a protocol table, if the server writes it (users: never). */
export const writableTable = (name: SyncTable): WritableTable | undefined =>
  isServedTable(name) ? WRITABLE_TABLES[name] : undefined;

/** Tables a device pulls, in the protocol's order. */
export const PULLED_TABLES: readonly WritableTable[] = SERVED_TABLES.map((t) => WRITABLE_TABLES[t]);

const ANALYSED_SYNC_SQL = new Set<string>(ANALYSED_SYNC_TABLES);
const isAnalysed = (name: string): name is AnalysedTable => ANALYSED_SYNC_SQL.has(name);

/**
 * The rows a batch of `mutations` answered with `results` wrote, per table, for the upkeep after
 * writes (db/write-upkeep.ts): each applied mutation's record, its effects and its audit row,
 * and the batch's stored results when it came from a device (`stored`).
 */
export function rowsWrittenBy(
  mutations: readonly { seq: number; table: SyncTable }[],
  results: readonly { seq: number; status: string }[],
  stored: boolean,
): WrittenRows {
  const written: WrittenRows = {};
  const count = (name: AnalysedTable, n = 1) => {
    written[name] = (written[name] ?? 0) + n;
  };
  const applied = new Set(results.filter((r) => r.status === 'applied').map((r) => r.seq));
  for (const m of mutations) {
    if (!applied.has(m.seq)) continue;
    const table = writableTable(m.table);
    if (!table) continue;
    if (isAnalysed(table.sqlName)) count(table.sqlName);
    for (const other of table.alsoWrites ?? []) count(other);
    count('audit_events');
  }
  if (stored && results.some((r) => r.status !== 'duplicate')) count('applied_mutations');
  return written;
}
