/**
 * The registry of synced tables: what both sides need to know of each table the protocol names
 * (SYNC_TABLES), written once. Each side keeps one registry of its own on top of it (the device's
 * stores in apps/web/src/db/database.ts, the server's column maps and write rules in
 * apps/server/src/write-path/tables.ts), so adding a synced table means one entry here and one
 * per side; the sync tests (randomised, exactly-once) then run over it.
 */
import type { SyncData } from './mutation-data.ts';
import { SYNC_TABLES, type SyncTable } from './protocol.ts';

/**
 * Which devices a table's records reach: 'global' records reach every device; 'traveler' records
 * belong to one traveller (the traveller itself, its declaration, its timeline, its check-ins) and
 * will follow that traveller's point of entry once pulls are scoped by post.
 */
type SyncScope = 'global' | 'traveler';

interface SyncTableSpec<T extends SyncTable = SyncTable> {
  /** The protocol's name (a mutation's and a pulled change's `table`). */
  table: T;
  /** The device's store of the table's records (Dexie, apps/web/src/db/database.ts). */
  store: string;
  /** The server's SQL table (apps/server/src/db/schema.ts). */
  sqlName: string;
  /**
   * False for a table the protocol names but the server neither writes nor sends (users: a
   * device keeps the store from its first versions; accounts go through /api/users).
   */
  served: boolean;
  /**
   * A fresh device's first pull writes its pages without reading the stored copies and lands
   * them packed (docs/decisions/010-landing-fresh-pull.md). Not for tables whose local copies
   * carry fields something else writes (the system status figures).
   */
  landsFresh: boolean;
  /**
   * PGlite's upkeep after writes keeps its planner statistics and GIN pending lists
   * (docs/decisions/012-write-path-upkeep.md): the tables pushes and imports write in bulk.
   */
  analysed: boolean;
  scope: SyncScope;
  /**
   * Officers' devices create these records. After a server that went back in time, a device
   * queues its acknowledged copies again as creates (apps/web/src/sync/repair.ts,
   * docs/decisions/003-epoch-detection.md); records only an admin writes (the system status) are
   * not sent again.
   */
  resentAfterRestore: boolean;
  /**
   * Fields a device stores encrypted (AES-256-GCM under its data key, with the table, id and
   * version as associated data: docs/decisions/016-encryption-at-rest.md): what names, identifies
   * or describes the health of a person. What sync and the lists need without the key stays in
   * clear: ids, versions, statuses, dates, the post, nationality, the server's risk level.
   */
  privateFields: readonly (keyof SyncData<T> & string)[];
}

/**
 * A table of one traveller's records, which officers' devices create: served, landed on a fresh
 * pull, analysed after writes, sent again after a restore.
 */
function travelerTable<
  const T extends SyncTable,
  const S extends string,
  const Q extends string,
  const P extends readonly (keyof SyncData<T> & string)[],
>(table: T, store: S, sqlName: Q, privateFields: P) {
  return {
    table,
    store,
    sqlName,
    served: true,
    landsFresh: true,
    analysed: true,
    scope: 'traveler',
    resentAfterRestore: true,
    privateFields,
  } as const;
}

/** A table whose records reach every device and that only an admin writes, if anyone. */
function globalTable<
  const T extends SyncTable,
  const S extends string,
  const Q extends string,
  const V extends boolean,
>(table: T, store: S, sqlName: Q, served: V) {
  return {
    table,
    store,
    sqlName,
    served,
    landsFresh: false,
    analysed: false,
    scope: 'global',
    resentAfterRestore: false,
    privateFields: [],
  } as const;
}

/** The registry itself, by protocol name. */
export const SYNC_TABLE_SPECS = {
  travelers: travelerTable('travelers', 'travelers', 'travelers', [
    'fullName',
    'passportNo',
    'gender',
    'birthDate',
    'passportExpiry',
    'address',
    'occupation',
    'purposeOfVisit',
    'durationOfStay',
    'accommodation',
    'emergencyContact',
    'flightNo',
    'origin',
    'destination',
    'note',
  ]),
  healthDeclarations: travelerTable('healthDeclarations', 'declarations', 'health_declarations', [
    'fullName',
    'passportNumber',
    'phone',
    'email',
    'bodyTemperature',
    'vaccinationStatus',
    'symptoms',
    'contactHistory',
    'riskZones',
    'medications',
    'allergies',
    'medicalHistory',
  ]),
  /** Not served: a device keeps the store from its first versions; accounts go through /api/users. */
  users: globalTable('users', 'users', 'users', false),
  systemStatus: globalTable('systemStatus', 'systemStatus', 'system_status', true),
  travelerEvents: travelerTable('travelerEvents', 'travelerEvents', 'traveler_events', [
    'reason',
    'testResult',
    'note',
  ]),
  checkIns: travelerTable('checkIns', 'checkIns', 'check_ins', ['temperature', 'symptoms', 'note']),
} as const satisfies { [T in SyncTable]: SyncTableSpec<T> };

/** The spec of any synced table, as written above (literal names and flags). */
type Spec = (typeof SYNC_TABLE_SPECS)[SyncTable];
type AnalysedSpec = Extract<Spec, { analysed: true }>;
/** Tables of the protocol the server writes and sends. */
export type ServedTable = Extract<Spec, { served: true }>['table'];
/** SQL names of the synced tables kept up after writes on PGlite. */
type AnalysedSyncSqlTable = AnalysedSpec['sqlName'];

/** The fields of a table a device stores encrypted (empty: none). */
export const privateFieldsOf = (table: SyncTable): readonly string[] => SYNC_TABLE_SPECS[table].privateFields;

/** Every spec, in the protocol's order. */
const SYNC_TABLE_LIST: readonly Spec[] = SYNC_TABLES.map((t) => SYNC_TABLE_SPECS[t]);

/** True for a table the server writes and sends. */
export const isServedTable = (table: SyncTable): table is ServedTable => SYNC_TABLE_SPECS[table].served;
/** Tables the server writes and sends (every synced table but users), in the protocol's order. */
export const SERVED_TABLES: readonly ServedTable[] = SYNC_TABLES.filter(isServedTable);
/** Tables a fresh device's first pull lands packed (docs/decisions/010-landing-fresh-pull.md). */
export const LANDED_TABLES: readonly SyncTable[] = SYNC_TABLE_LIST.filter((s) => s.landsFresh).map(
  (s) => s.table,
);
/** Tables a device sends again, as creates, to a server that went back in time (sync/repair.ts). */
export const RESENT_AFTER_RESTORE: readonly SyncTable[] = SYNC_TABLE_LIST.filter(
  (s) => s.resentAfterRestore,
).map((s) => s.table);
/** SQL names of the synced tables kept up after writes on PGlite (docs/decisions/012-write-path-upkeep.md). */
export const ANALYSED_SYNC_TABLES: readonly AnalysedSyncSqlTable[] = SYNC_TABLE_LIST.filter(
  (s): s is AnalysedSpec => s.analysed,
).map((s) => s.sqlName);

/**
 * Outboxes that live on the device only: records it queues and sends once through a route of
 * their own, never pulled and never versioned, so not tables of the sync protocol. Each has a
 * Dexie store of this name (apps/web/src/db/database.ts), emptied of what the route acknowledged;
 * the server keeps every record once by the device's id of it (a resent batch stores nothing).
 */
interface LocalOutboxSpec {
  /** The device's store. */
  store: string;
  /** The route that takes a batch. */
  route: string;
  /** The server's SQL table the records end in. */
  sqlName: string;
  /** Fields kept private (to be encrypted with the synced tables' private fields); none yet. */
  privateFields: readonly string[];
}

export const LOCAL_OUTBOX_SPECS = {
  /**
   * Reads audited (issue 33 point 5): a traveller's declaration or file opened, who, when, on
   * which device (the session's), sent with each sync run (apps/web/src/sync/read-events.ts).
   */
  reads: { store: 'readOutbox', route: '/api/audit/reads', sqlName: 'audit_events', privateFields: [] },
} as const satisfies Record<string, LocalOutboxSpec>;
