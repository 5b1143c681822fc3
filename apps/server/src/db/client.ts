import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { z } from 'zod';
import { migrationsFolder } from '../paths.ts';
import { type PGliteClient, PGliteThread } from './pglite-thread.ts';
import { primaryOnly, type ReadSide, replicaReads } from './read-replica.ts';
import * as schema from './schema.ts';
import { NO_UPKEEP, pgliteUpkeep, type WriteUpkeep } from './write-upkeep.ts';

/**
 * What `execute` answers on both drivers: node-postgres gives a QueryResult and PGlite a Results
 * object, and both carry `rows`. Typing the database by this common part (instead of pretending
 * PGlite is node-postgres) lets either driver's instance be a `Db` without a cast.
 */
interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}

/** The drizzle database of either driver (docs/decisions/001-pglite-default.md). */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** A transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs SQL: the database or a transaction. */
type Exec = Pick<Db, 'execute'>;

/**
 * Runs hand-written SQL (set-based statements drizzle cannot express) and checks every row
 * against `schema`, so the caller gets parsed values instead of an unchecked cast.
 */
export async function queryRows<S extends z.ZodType>(
  exec: Exec,
  schema: S,
  query: SQL,
): Promise<z.output<S>[]> {
  return z.array(schema).parse((await exec.execute(query)).rows);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL returning rows, each parsed with `schema`; see `queryRows`. */
  rows<S extends z.ZodType>(schema: S, query: SQL): Promise<z.output<S>[]>;
  /**
   * The upkeep after writes (db/write-upkeep.ts): PGlite's planner statistics and GIN pending
   * lists, kept up once the app starts it; nothing on PostgreSQL, where autovacuum does both.
   */
  upkeep: WriteUpkeep;
  close(): Promise<void>;
  /**
   * Settles if the database stops by itself (PGlite's thread ended without `close`): every
   * statement fails from then on, and the server should exit so that it is restarted.
   */
  stopped: Promise<Error>;
  /** How the connections are used now (the metrics' pool gauges). */
  connections(): ConnectionUse;
  /**
   * Reads that may lag: on the replica of DATABASE_READ_URL when set (db/read-replica.ts), else
   * on this database.
   */
  reads: ReadSide<Db>;
  /**
   * PGlite only: a consistent copy of the whole database, taken between two statements, as a
   * gzipped tar of its data directory (what `PGlite`'s `loadDataDir` opens); null on PostgreSQL,
   * whose copies pg_dump makes.
   */
  dumpDataDir: (() => Promise<Uint8Array>) | null;
  /**
   * PostgreSQL only: one connection of the pool, as a database of its own, for a transaction
   * whose BEGIN and COMMIT the caller sends itself (the write path sends them with its first and
   * last statements: write-path/transaction.ts). Null on PGlite.
   */
  session: (() => Promise<Session>) | null;
}

/** A pooled connection lent for one transaction; `release(true)` drops a broken one. */
export interface Session {
  db: Db;
  release: (broken: boolean) => void;
}

/** Connections of a database's pool: opened, idle, and callers waiting for one. */
export interface ConnectionUse {
  max: number;
  open: number;
  idle: number;
  waiting: number;
  /** Idle connections lost since the start (the server or the pooler restarted, a network cut). */
  lost: number;
}

/** What differs between the drivers once the database is open. */
interface DriverParts {
  close: () => Promise<void>;
  stopped?: Promise<Error>;
  connections: () => ConnectionUse;
  dumpDataDir?: () => Promise<Uint8Array>;
  reads?: ReadSide<Db>;
  session?: () => Promise<Session>;
}

/** A migrated database of either driver as the `Database` the app uses. */
function wrapDatabase(db: Db, kind: Database['kind'], parts: DriverParts): Database {
  return {
    db,
    kind,
    rows: (rowSchema, q) => queryRows(db, rowSchema, q),
    upkeep: kind === 'pglite' ? pgliteUpkeep(db) : NO_UPKEEP,
    close: parts.close,
    reads: parts.reads ?? primaryOnly(db),
    stopped: parts.stopped ?? new Promise(() => {}),
    connections: parts.connections,
    dumpDataDir: parts.dumpDataDir ?? null,
    session: parts.session ?? null,
  };
}

/** Advisory lock key of the migrations (any constant other locks do not use: 'bhmigrat'). */
const MIGRATION_LOCK_KEY = '7091037912769388916';

/**
 * What a PostgreSQL server does with the migrations when it opens the database: `apply` them
 * (under a session advisory lock, so instances starting together take turns), or only `check`
 * that they were applied, for a server whose DATABASE_URL goes through a transaction pooler,
 * where a session lock means nothing: the migrations then run once beforehand, straight on the
 * primary (`npm run migrate`).
 */
type MigrateMode = 'apply' | 'check';

/** Thrown when the database lacks migrations and the server may not apply them itself. */
export class MigrationsMissing extends Error {}

/** Fails unless every migration of the migrations folder is recorded in the database. */
async function checkMigrated(pool: pg.Pool): Promise<void> {
  const files = readMigrationFiles({ migrationsFolder });
  const last = files.at(-1)?.folderMillis ?? 0;
  const applied = await pool
    .query<{ last: string | null }>('SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations')
    .then((r) => Number(r.rows[0]?.last ?? 0))
    .catch((err: unknown) => {
      // 42P01/3F000: no migrations table or schema yet, a database never migrated.
      const code = err instanceof Error && 'code' in err ? err.code : undefined;
      if (code === '42P01' || code === '3F000') return 0;
      throw err;
    });
  if (applied < last) {
    throw new MigrationsMissing(
      'the database lacks migrations: run `npm run migrate` with DATABASE_URL set to the primary (not the pooler), or set MIGRATE_AT_START=true',
    );
  }
}

/** Applies the migrations on `pool`, one instance at a time (a session advisory lock). */
async function applyMigrations(pool: pg.Pool): Promise<void> {
  // Several instances may start at once: they migrate one after the other (a session advisory
  // lock), so the later ones find nothing left to apply. The lock and the migrations use one
  // connection, so a pool of one connection is enough.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(lock, { schema }), { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/** Connections one server keeps to PostgreSQL unless told otherwise (DATABASE_POOL_MAX). */
export const DEFAULT_POOL_MAX = 10;

// A new 16 MB WAL segment is not zero-filled first (PostgreSQL's wal_init_zero, meant for file
// systems where the zeros reserve nothing): they only reserved disk space ahead of the WAL
// records, and every commit is written to the WAL before it is answered, as before. A large
// push fills new segments, so less is written through PGlite's file system
// (docs/decisions/002-set-based-sync-apply.md, fourth pass).
// The trigram (GIN) indexes keep new entries in their pending list up to 16 MB (4 MB by
// default) instead of merging them into the index during the write that filled it: the merge
// runs once the writes pause, off the push's path (db/write-upkeep.ts,
// docs/decisions/012-write-path-upkeep.md).
function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];
}

/** The embedded database's folder in DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * Makes `dataDir`'s embedded database from a copy `dumpDataDir` made (a gzipped tar): PGlite
 * opens it into the folder, which must not exist yet, runs `then` on it, and closes it.
 */
export async function loadPgliteCopy(dataDir: string, copy: Uint8Array, then?: string): Promise<void> {
  const thread = await PGliteThread.open(pgliteDir(dataDir), pgliteStartParams(), copy);
  try {
    // `then`: SQL run on the copy once opened (a restore gives the database a new epoch).
    if (then) await thread.exec(then);
  } finally {
    await thread.close();
  }
}

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (or in memory when null). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  /** PostgreSQL only: the pool's size (default DEFAULT_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL only: apply the migrations (the default) or check that they were applied. */
  migrate?: MigrateMode;
  /** PostgreSQL only: a streaming replica for reads that may lag (DATABASE_READ_URL). */
  readUrl?: string | undefined;
  /**
   * PGlite only: a copy of a migrated data directory (`dumpDataDir`'s, gzipped or not) that a new
   * database starts from instead of PostgreSQL's initdb, which takes seconds in WebAssembly (the
   * test suites' template, test/pglite-template.ts). Ignored when `dataDir` already exists.
   */
  copy?: Uint8Array;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? DEFAULT_POOL_MAX,
    });
    // An idle connection that the server (or PgBouncer) closes is reported on the pool. Without a
    // listener Node would end the process; the pool drops that connection and the next query
    // opens a new one, so a restart of the database or the pooler costs only the statements
    // under way at that moment.
    let lost = 0;
    pool.on('error', () => {
      lost++;
    });
    const db = drizzleNodePg(pool, { schema });
    try {
      if (opts.migrate === 'check') await checkMigrated(pool);
      else await applyMigrations(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    const max = opts.poolMax ?? DEFAULT_POOL_MAX;
    const reads = opts.readUrl
      ? replicaReads<Db>({
          readUrl: opts.readUrl,
          poolMax: max,
          primaryPool: pool,
          primaryDb: db,
          wrap: (readPool) => drizzleNodePg(readPool, { schema }),
        })
      : undefined;
    // Each pooled connection's database, made once (drizzle reads the schema when it is made).
    const onConnection = new WeakMap<pg.PoolClient, Db>();
    return wrapDatabase(db, 'postgres', {
      session: async () => {
        const client = await pool.connect();
        let own = onConnection.get(client);
        if (!own) {
          own = drizzleNodePg(client, { schema });
          onConnection.set(client, own);
        }
        return { db: own, release: (broken) => client.release(broken) };
      },
      close: async () => {
        await Promise.all([pool.end(), reads?.close()]);
      },
      ...(reads ? { reads } : {}),
      connections: () => ({
        max,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        lost,
      }),
    });
  }
  const startParams = pgliteStartParams();
  const dir = opts.dataDir ? pgliteDir(opts.dataDir) : null;
  // A copy is unpacked into a folder PGlite makes itself.
  const copy = opts.copy && !(dir && existsSync(dir)) ? opts.copy : undefined;
  if (dir && !copy) mkdirSync(dir, { recursive: true });
  // PGlite runs on a thread of its own (db/pglite-thread.ts, docs/decisions/011-pglite-thread.md).
  const thread = await PGliteThread.open(dir, startParams, copy);
  // drizzle takes a PGlite; the thread answers the part of it drizzle calls.
  const client: PGliteClient = thread;
  const db = drizzlePglite({ client: client as PGlite, schema });
  await migratePglite(db, { migrationsFolder });
  return wrapDatabase(db, 'pglite', {
    close: () => thread.close(),
    stopped: thread.stopped,
    connections: () => thread.use(),
    // A database in memory is no one's to back up.
    ...(dir ? { dumpDataDir: () => thread.dumpDataDir() } : {}),
  });
}
