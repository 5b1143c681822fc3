/**
 * Prometheus metrics (prom-client): request latency by route pattern, the sync's pushes,
 * mutations by outcome and pulls, pushes waiting for an answer, web pushes waiting to be sent,
 * the database connections in use, and the process's own (CPU, memory, event loop lag).
 *
 * The numbers are for the operators, never for the public. `GET /metrics` is served:
 * - on a private listener when METRICS_PORT is set (METRICS_HOST, 127.0.0.1 unless told: bind it
 *   where only the scraper reaches it), with no token;
 * - on the app's own port only when METRICS_TOKEN is set, and only to `Authorization: Bearer
 *   <token>`; without a token setting the app's port has no /metrics at all.
 * The values are per instance: Prometheus adds the instances up.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushResult } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../lib/errors.ts';
import { maxChangeSeq } from '../modules/sync/pull.ts';

/** Seconds: from a cached read (a few ms) to a large push or an export page. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10];

/** This server's metrics: what the routes report, and the text a scrape gets. One per app. */
export class ServerMetrics {
  /** Its own registry (not prom-client's global one), so that tests may build several apps. */
  readonly registry = new Registry();
  readonly #requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly #pushes: Counter;
  readonly #mutations: Counter<'table' | 'status'>;
  readonly #pulls: Counter;
  readonly #pushQueue: Gauge;
  #server: Server | null = null;

  constructor(database: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'bh_' });
    this.#requestDuration = new Histogram({
      name: 'bh_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#pushes = new Counter({
      name: 'bh_sync_pushes_total',
      help: 'Sync pushes answered with a result per mutation',
      registers,
    });
    this.#mutations = new Counter({
      name: 'bh_sync_mutations_total',
      help: 'Pushed mutations by table and outcome: applied, duplicate (sent before), conflict (stale base version), rejected',
      labelNames: ['table', 'status'],
      registers,
    });
    this.#pulls = new Counter({ name: 'bh_sync_pulls_total', help: 'Sync pull pages served', registers });
    this.#pushQueue = new Gauge({
      name: 'bh_sync_push_queue_depth',
      help: 'Sync pushes received and not answered yet (waiting for the write lock, or applying)',
      registers,
    });
    let lostSeen = 0;
    new Counter({
      name: 'bh_db_connections_lost_total',
      help: 'Idle database connections closed by the other side (a restart of PostgreSQL or PgBouncer, a network cut)',
      registers,
      collect() {
        const { lost } = database.connections();
        this.inc(lost - lostSeen);
        lostSeen = lost;
      },
    });
    new Gauge({
      name: 'bh_db_pool_connections',
      help: 'Database connections of this instance: max (pool size), open, idle, and callers waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const use = database.connections();
        for (const state of ['max', 'open', 'idle', 'waiting'] as const) this.set({ state }, use[state]);
      },
    });
    new Gauge({
      name: 'bh_web_push_queue_rows',
      help: 'Notifications waiting to be sent to the push services (table push_queue, shared by the instances)',
      registers,
      async collect() {
        try {
          const { rows } = await database.db.execute(sql`SELECT count(*)::int AS n FROM push_queue`);
          this.set(Number(rows[0]?.n ?? 0));
        } catch {
          // The database does not answer: the last value stays; the pool gauges tell why.
        }
      },
    });
    if (database.reads.configured) replicaMetrics(registers, database);
  }

  /** A request answered: `route` is the route's pattern (never the URL, which carries ids). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number) {
    this.#requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** A push came in; the function returned is called once it is answered or failed. */
  pushStarted(): () => void {
    this.#pushQueue.inc();
    let done = false;
    return () => {
      if (!done) this.#pushQueue.dec();
      done = true;
    };
  }

  /** A push's answer: one outcome per mutation (`tableOf` gives the table of a seq). */
  pushAnswered(results: readonly PushResult[], tableOf: (seq: number) => string) {
    this.#pushes.inc();
    for (const r of results) this.#mutations.inc({ table: tableOf(r.seq), status: r.status });
  }

  pulled() {
    this.#pulls.inc();
  }

  /** The exposition text (Prometheus text format 0.0.4) and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  /** Serves GET /metrics, and nothing else, on a listener of its own. */
  async listen(host: string, port: number): Promise<void> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.scrape().then(
        ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.#server = server;
  }

  async close(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Where the private listener listens (null when it does not). */
  privateAddress(): AddressInfo | null {
    const address = this.#server?.address();
    return address && typeof address === 'object' ? address : null;
  }
}

/** Whether `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Times every request by its route pattern, serves /metrics as configured (see the top of this
 * file), and closes the private listener with the app.
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, config: Config) {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched requests (404s, the web app's files) are one series, not one per URL.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const token = config.METRICS_TOKEN;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw unauthorized('metrics need the METRICS_TOKEN bearer token');
      }
      const { body, contentType } = await metrics.scrape();
      return reply.type(contentType).send(body);
    });
  }
  const port = config.METRICS_PORT;
  if (port !== undefined) {
    app.addHook('onReady', () => metrics.listen(config.METRICS_HOST, port));
    app.addHook('onClose', () => metrics.close());
  }
}

/**
 * The read replica (DATABASE_READ_URL; db/read-replica.ts): whether it answers, how far behind
 * it is (in seconds of WAL not replayed yet, and in changes the primary has and it has not), and
 * where this instance sent the reads that may lag.
 */
function replicaMetrics(registers: Registry[], database: Database) {
  const { reads } = database;
  // One scrape asks the replica (and the primary's highest change) once, for the three gauges:
  // each gauge's collect waits for the same check (prom-client collects them all at once).
  let pending: Promise<void> | null = null;
  const check = () => {
    pending ??= (async () => {
      const [status, top] = await Promise.all([
        reads.status(maxChangeSeq),
        maxChangeSeq(database.db).catch(() => null),
      ]);
      up.set(status?.up ? 1 : 0);
      if (status?.lagSeconds != null) lag.set(status.lagSeconds);
      if (status?.position != null && top !== null) behind.set(Math.max(0, top - status.position));
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
  const up = new Gauge({
    name: 'bh_db_replica_up',
    help: 'The read replica answers (1) or not (0)',
    registers,
    collect: check,
  });
  const lag = new Gauge({
    name: 'bh_db_replica_lag_seconds',
    help: 'Read replica: age of the oldest WAL it received and has not replayed yet (0 when it replayed everything it received)',
    registers,
    collect: check,
  });
  const behind = new Gauge({
    name: 'bh_db_replica_changes_behind',
    help: 'Changes (change_seq) the primary holds and the read replica does not yet',
    registers,
    collect: check,
  });
  let seen: Record<string, number> = {};
  new Counter({
    name: 'bh_db_reads_total',
    help: 'Statements and pulls that may read the replica, by where they went: replica, primary_behind (a pull past what the replica replayed), primary_down (replica known down), primary_fallback (the replica failed the statement)',
    labelNames: ['route'],
    registers,
    collect() {
      const now = reads.routed();
      for (const [route, n] of Object.entries(now)) this.inc({ route }, n - (seen[route] ?? 0));
      seen = now;
    },
  });
  new Gauge({
    name: 'bh_db_replica_pool_connections',
    help: 'Read replica connections of this instance: max (pool size), open, idle, and callers waiting for one',
    labelNames: ['state'],
    registers,
    collect() {
      const use = reads.connections();
      if (!use) return;
      this.set({ state: 'max' }, use.max);
      this.set({ state: 'open' }, use.open);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
}
