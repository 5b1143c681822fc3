/**
 * Reads that may lag, on a streaming replica (DATABASE_READ_URL; docs/deployment.md, "Reads on
 * the replica"): reports, exports, the audit viewer and pulls, when the replica has what they
 * need.
 *
 * - `db` is for reads a few seconds old may answer (reports, exports, the audit trail). Each
 *   statement goes to the replica; one the replica cannot answer (it is stopped, restarting,
 *   unreachable, or cancelled a statement for a conflict with recovery) is sent again to the
 *   primary, and after a lost connection the replica is left alone for DOWN_MS: no error reaches
 *   the user, the reads are only on the primary meanwhile.
 * - `at(position)` is for a device's pull: it must never read older than what the device already
 *   has or just wrote (its cursor, and the change numbers of its own writes it asks to skip). The
 *   replica is used only when it has replayed at least that change number: change numbers commit
 *   in order (one write lock; write-path/apply.ts), so a replica holding change N holds every
 *   change up to N. The replica's position is the highest change_seq it holds, remembered (it
 *   only grows) and asked again at most every RECHECK_MS when a pull needs more: a device that
 *   pulls what it already has costs nothing, a pull right after a push goes to the primary until
 *   the replica caught up.
 */
import pg from 'pg';
import { z } from 'zod';

/** After a lost connection, how long reads stay on the primary before the replica is tried again. */
const DOWN_MS = 5_000;
/** A pull that needs more than the replica was known to hold asks it again at most this often. */
const RECHECK_MS = 100;

/** Where a read went, and why (the metric `bh_db_reads_total`). */
type ReadRoute =
  | 'replica'
  /** A pull needed changes the replica has not replayed yet. */
  | 'primary_behind'
  /** The replica was known to be down. */
  | 'primary_down'
  /** The replica failed this statement; it was answered by the primary. */
  | 'primary_fallback';

/** The replica as the metrics show it. */
export interface ReplicaStatus {
  up: boolean;
  /** Seconds of WAL received and not replayed yet (0 when it replayed all it received). */
  lagSeconds: number | null;
  /** The highest change number it holds (null when down). */
  position: number | null;
}

/** Connections of the replica's pool (as the primary's, db/client.ts ConnectionUse). */
interface ReplicaConnections {
  max: number;
  open: number;
  idle: number;
  waiting: number;
  lost: number;
}

/** `Db`: the drizzle database (db/client.ts), a parameter to keep this file free of it. */
export interface ReadSide<Db> {
  /** A replica is configured (DATABASE_READ_URL). */
  readonly configured: boolean;
  /** The database for reads that may lag (the primary itself without a replica). */
  readonly db: Db;
  /**
   * The database for a read that must hold change `position` and everything before it: the
   * replica once it has replayed that far (`positionOf` asks a database its highest change),
   * else the primary.
   */
  at(position: number, positionOf: (db: Db) => Promise<number>): Promise<Db>;
  /** The replica's state, asked now (null without a replica). */
  status(positionOf: (db: Db) => Promise<number>): Promise<ReplicaStatus | null>;
  /** Reads so far by route. */
  routed(): Readonly<Record<ReadRoute, number>>;
  /** The replica pool's connections (null without a replica). */
  connections(): ReplicaConnections | null;
  close(): Promise<void>;
}

/** Everything on the primary: the embedded database, or PostgreSQL without DATABASE_READ_URL. */
export function primaryOnly<Db>(db: Db): ReadSide<Db> {
  return {
    configured: false,
    db,
    at: async () => db,
    status: async () => null,
    routed: () => ({ replica: 0, primary_behind: 0, primary_down: 0, primary_fallback: 0 }),
    connections: () => null,
    close: async () => {},
  };
}

const sqlState = (err: unknown) =>
  err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : '';

/**
 * Whether a statement that failed on the replica is sent to the primary: every failure that is
 * not the statement's own fault (a connection refused or cut, the server shutting down or
 * starting, too many connections), a conflict with recovery, or a write the replica refuses.
 * `down`: the replica itself is gone for now.
 */
function replicaFailure(err: unknown): { retry: boolean; down: boolean } {
  const code = sqlState(err);
  // Not an SQLSTATE (ECONNREFUSED, ECONNRESET, "Connection terminated", a connect timeout).
  if (!/^[0-9A-Z]{5}$/.test(code)) return { retry: true, down: true };
  if (/^(08|53|57|58)/.test(code)) return { retry: true, down: true };
  // 40001: cancelled for a conflict with recovery; 25006: a write on a read-only server.
  if (code === '40001' || code === '25006') return { retry: true, down: false };
  return { retry: false, down: false };
}

const lagSchema = z.object({ lag: z.coerce.number().nullable() });

/** The read side on the replica at `readUrl`, falling back to `primaryPool` / `primaryDb`. */
export function replicaReads<Db>(opts: {
  readUrl: string;
  poolMax: number;
  primaryPool: pg.Pool;
  primaryDb: Db;
  /** The drizzle database over a pool. */
  wrap: (pool: pg.Pool) => Db;
}): ReadSide<Db> {
  const { primaryPool, primaryDb } = opts;
  const replicaPool = new pg.Pool({
    connectionString: opts.readUrl,
    max: opts.poolMax,
    // A replica that does not answer is not waited for long: the primary answers instead.
    connectionTimeoutMillis: 3_000,
  });
  let lost = 0;
  // An idle connection the replica closed (it stopped or restarted): dropped, as on the primary.
  replicaPool.on('error', () => {
    lost++;
    markDown();
  });
  const counts: Record<ReadRoute, number> = {
    replica: 0,
    primary_behind: 0,
    primary_down: 0,
    primary_fallback: 0,
  };
  let downUntil = 0;
  let known = 0;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;
  function markDown() {
    downUntil = Date.now() + DOWN_MS;
    // A replica that comes back may have been made again from an older copy.
    known = 0;
    checkedAt = 0;
  }
  const isDown = () => Date.now() < downUntil;

  const replicaQuery = replicaPool.query.bind(replicaPool);
  const primaryQuery = primaryPool.query.bind(primaryPool);
  // Every statement drizzle sends on `db` (promise form, no transaction): to the replica, or to
  // the primary when the replica is down or fails it.
  async function query(...args: unknown[]): Promise<unknown> {
    if (isDown()) {
      counts.primary_down++;
      return Reflect.apply(primaryQuery, undefined, args);
    }
    try {
      const result: unknown = await Reflect.apply(replicaQuery, undefined, args);
      counts.replica++;
      return result;
    } catch (err) {
      const failure = replicaFailure(err);
      if (!failure.retry) throw err;
      if (failure.down) markDown();
      counts.primary_fallback++;
      return Reflect.apply(primaryQuery, undefined, args);
    }
  }
  // A pool object of its own whose query is `query` (the replica's pool stays as it is, for the
  // position and lag checks); drizzle opens a connection on it only for a transaction, which no
  // read takes.
  const front = Object.assign(new pg.Pool({ connectionString: opts.readUrl, max: 1 }), { query });
  const db = opts.wrap(front);

  async function refresh(positionOf: (db: Db) => Promise<number>) {
    checking ??= (async () => {
      try {
        // Straight on the replica: a fallback to the primary would say nothing of the replica.
        const position = await positionOf(replicaOnly);
        known = Math.max(known, position);
      } catch {
        markDown();
      } finally {
        checkedAt = Date.now();
        checking = null;
      }
    })();
    await checking;
  }
  const replicaOnly = opts.wrap(replicaPool);

  return {
    configured: true,
    db,
    async at(position, positionOf) {
      if (isDown()) {
        counts.primary_down++;
        return primaryDb;
      }
      if (position > known && Date.now() - checkedAt >= RECHECK_MS) await refresh(positionOf);
      if (isDown()) {
        counts.primary_down++;
        return primaryDb;
      }
      if (position > known) {
        counts.primary_behind++;
        return primaryDb;
      }
      // Counted by `query` as each statement is answered.
      return db;
    },
    async status(positionOf) {
      try {
        const result = await replicaPool.query(
          `SELECT CASE WHEN NOT pg_is_in_recovery() THEN NULL
             WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
             ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) END AS lag`,
        );
        const [row] = z.array(lagSchema).parse(result.rows);
        const position = await positionOf(replicaOnly);
        known = Math.max(known, position);
        return { up: true, lagSeconds: row?.lag ?? null, position };
      } catch {
        return { up: false, lagSeconds: null, position: null };
      }
    },
    routed: () => ({ ...counts }),
    connections: () => ({
      max: opts.poolMax,
      open: replicaPool.totalCount,
      idle: replicaPool.idleCount,
      waiting: replicaPool.waitingCount,
      lost,
    }),
    close: async () => {
      await Promise.all([replicaPool.end(), front.end()]);
    },
  };
}
