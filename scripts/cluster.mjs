#!/usr/bin/env node
/**
 * `npm run cluster` / `npm run cluster:stop`: the production layout of docs/deployment.md on one
 * machine, from scratch in a temporary folder, on loopback ports:
 *
 *   haproxy :P (health checks) -> app 1 :P+11, app 2 :P+12 (the built server, apps/server/dist)
 *   app instances -> PgBouncer :P+3 (transaction pooling) -> PostgreSQL 15 primary :P+1
 *   primary -> streaming replica :P+2 (pg_basebackup -R, a replication slot), WAL archive
 *   app instances -> replica, straight (DATABASE_READ_URL: reads that may lag)
 *
 * The migrations run once, straight on the primary (`dist/migrate.js`), before the instances start
 * with MIGRATE_AT_START=false. P is CLUSTER_PORT (default 55400); CLUSTER_INSTANCES (2 or 3).
 * PostgreSQL and PgBouncer refuse to run as root: as root they run as the `postgres` user.
 * PgBouncer and haproxy are installed from Debian when absent (as root). The state (folder,
 * processes) is kept in $TMPDIR/bh-cluster-P.json for `stop` and `status`.
 *
 * The functions are exported for the cluster tests, which start their own cluster on other ports.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

/** The loopback ports of a cluster whose proxy listens on `base`. */
export function clusterPorts(base, instances = 2) {
  return {
    proxy: base,
    primary: base + 1,
    replica: base + 2,
    pgbouncer: base + 3,
    proxyStats: base + 4,
    apps: Array.from({ length: instances }, (_, i) => base + 11 + i),
    metrics: Array.from({ length: instances }, (_, i) => base + 21 + i),
  };
}

const stateFile = (base) => path.join(tmpdir(), `bh-cluster-${base}.json`);

/** Runs a program (as `postgres` when `asPostgres` and we are root); its output on failure. */
function run(file, args, { asPostgres = false, env } = {}) {
  const [cmd, argv] =
    asPostgres && isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    return execFileSync(cmd, argv, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
      timeout: 180_000,
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (err) {
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed:\n${err.stderr || err.stdout || err.message}`,
    );
  }
}

function hasProgram(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** PgBouncer and haproxy from Debian when absent (root only); PostgreSQL 15 must be there. */
export function ensurePrograms(log = console.log) {
  if (!existsSync(path.join(PG_BIN, 'initdb')))
    throw new Error(
      `no PostgreSQL server binaries at ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`,
    );
  const missing = ['pgbouncer', 'haproxy'].filter((p) => !hasProgram(p));
  if (missing.length === 0) return;
  if (!isRoot) throw new Error(`${missing.join(' and ')} missing: apt-get install ${missing.join(' ')}`);
  log(`installing ${missing.join(', ')} from Debian`);
  const apt = ['-o', 'DPkg::Lock::Timeout=300'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', [...apt, 'install', '-y', '-qq', ...missing], { stdio: 'ignore', env });
  } catch {
    execFileSync('apt-get', [...apt, 'update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', [...apt, 'install', '-y', '-qq', ...missing], { stdio: 'ignore', env });
  }
}

const alive = (pid) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const readPid = (file) => (existsSync(file) ? Number(readFileSync(file, 'utf8').trim().split('\n')[0]) : 0);

/** Resolves once a TCP port accepts connections (or throws after `ms`). */
export async function waitForPort(port, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await sleep(100);
  }
}

/** Resolves once GET `url` answers 200 (or throws after `ms`). */
export async function waitForHealth(url, ms = 30_000, isDead = () => false) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (isDead()) throw new Error(`${url}: the process exited`);
    if (Date.now() > until) throw new Error(`${url} not healthy after ${ms} ms`);
    await sleep(200);
  }
}

/** A command to haproxy's admin socket (`show stat`, `disable server apps/app1`, ...). */
export function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = connect(socketPath, () => socket.write(`${command}\n`));
    socket.on('data', (d) => {
      out += d;
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

/** The status of each app server in haproxy's view: { app1: 'UP', app2: 'DOWN', ... }. */
export async function proxyView(state) {
  const csv = await haproxyCommand(state.haproxySocket, 'show stat');
  const lines = csv.split('\n').filter((l) => l.startsWith('apps,') && !l.startsWith('apps,BACKEND'));
  // Columns: pxname, svname, ... status is the 18th.
  return Object.fromEntries(lines.map((l) => l.split(',')).map((f) => [f[1], f[17]]));
}

/** The settings of a PostgreSQL server of the cluster (on the command line: the replica's copy of postgresql.conf stays the primary's). */
const pgOptions = (socketDir, port) =>
  `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c logging_collector=off`;

function pgConfig(archiveDir) {
  return [
    '# added by scripts/cluster.mjs',
    'wal_level = replica',
    'max_wal_senders = 10',
    'max_replication_slots = 10',
    'hot_standby = on',
    'hot_standby_feedback = on',
    'max_connections = 100',
    'shared_buffers = 128MB',
    // Planner statistics within seconds of a table's first rows, not a minute: until the first
    // ANALYZE, PostgreSQL takes `deleted_at IS NULL` for 0.5% of the rows, and the duplicate
    // guard read a whole partial index instead of looking its passports up (1-3 ms a push under
    // the write lock in a new deployment's first minute; docs/deployment.md).
    'autovacuum_naptime = 10s',
    // Point-in-time recovery needs the base backup and every WAL segment after it.
    'archive_mode = on',
    `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
    'archive_timeout = 60',
    // CLUSTER_PG_STATEMENTS=1: pg_stat_statements with planning time (bench/cluster-load.mjs
    // then lists the statements that took the primary's time in each run).
    ...(process.env.CLUSTER_PG_STATEMENTS === '1'
      ? ["shared_preload_libraries = 'pg_stat_statements'", 'pg_stat_statements.track_planning = on']
      : []),
    '',
  ].join('\n');
}

function pgbouncerConfig(dir, ports, password) {
  writeFileSync(path.join(dir, 'userlist.txt'), `"border" "${password}"\n`, { mode: 0o600 });
  return [
    '[databases]',
    `border = host=127.0.0.1 port=${ports.primary} dbname=border`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${ports.pgbouncer}`,
    `unix_socket_dir = ${dir}`,
    'auth_type = scram-sha-256',
    `auth_file = ${dir}/userlist.txt`,
    // A server connection serves one transaction, then the next client's: session state
    // (advisory session locks, LISTEN, SET, named prepared statements) must not be relied on.
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    'reserve_pool_size = 5',
    'reserve_pool_timeout = 2',
    'server_idle_timeout = 60',
    'query_wait_timeout = 30',
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${dir}/pgbouncer.log`,
    `pidfile = ${dir}/pgbouncer.pid`,
    'admin_users = border',
    'stats_users = border',
    '',
  ].join('\n');
}

function haproxyConfig(dir, ports) {
  const servers = ports.apps.map(
    (port, i) => `  server app${i + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 2 maxconn 200`,
  );
  return [
    'global',
    '  maxconn 4096',
    `  stats socket ${dir}/admin.sock mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    // CSV exports stream for minutes.
    '  timeout server 300s',
    '  timeout http-request 10s',
    '  timeout queue 10s',
    // A request whose connection to an instance failed goes to another instance.
    '  retries 2',
    '  option redispatch 1',
    // An instance that is closing answers 503 to what it has not started (Fastify), so those are
    // sent again to another instance; nothing is retried once an instance began to answer.
    // Only a request that fits haproxy's buffer can be sent again: a large push gets the 503
    // and the device retries it. A rolling restart drains the instance first (stopApp).
    '  retry-on conn-failure 503',
    '',
    'frontend www',
    `  bind 127.0.0.1:${ports.proxy}`,
    // Appends the client address to X-Forwarded-For (TRUST_PROXY=1 on the instances) and says
    // which scheme the client used (https where TLS ends here: `bind ... ssl crt ...`).
    '  option forwardfor',
    '  http-request set-header X-Forwarded-Proto http',
    // One id per request, in the proxy's log and the app's (which keeps an acceptable one it is
    // sent, and answers it in X-Request-Id); a client's own id is passed on as it is.
    '  unique-id-format %[uuid()]',
    '  http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }',
    // Prometheus metrics are not for the public (each instance serves them on a private port).
    '  http-request deny deny_status 404 if { path_beg /metrics }',
    '  default_backend apps',
    '',
    'backend apps',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    ...servers,
    '',
    'listen stats',
    `  bind 127.0.0.1:${ports.proxyStats}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
  ].join('\n');
}

function saveState(state) {
  writeFileSync(stateFile(state.base), `${JSON.stringify(state, null, 2)}\n`);
}

/** The state of the cluster on `base`, or null when none was started. */
export function readState(base) {
  const file = stateFile(base);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** The environment of app instance `i` (0-based). */
export function appEnv(state, i) {
  const { ports } = state;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(ports.apps[i]),
    DATABASE_URL: state.urls.pooled,
    // Reads that may lag go straight to the replica (apps/server/src/db/read-replica.ts); none
    // once it was promoted (failover drill).
    ...(state.readUrl ? { DATABASE_READ_URL: state.readUrl } : {}),
    MIGRATE_AT_START: 'false',
    DATABASE_POOL_MAX: '10',
    TRUST_PROXY: '1',
    DATA_DIR: path.join(state.dir, 'app-data'),
    JWT_SECRET: state.jwtSecret,
    METRICS_PORT: String(ports.metrics[i]),
    METRICS_HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ADMIN_EMAIL: state.admin.email,
    ADMIN_PASSWORD: state.admin.password,
  };
  // Settings the caller gives (rate limits for a load test, ...) reach every instance;
  // BH_*: the server's knobs for tests and experiments (never set in production).
  for (const [k, v] of Object.entries(process.env))
    if ((k.startsWith('RATE_LIMIT_') || k.startsWith('BH_')) && v) env[k] = v;
  return env;
}

/** Starts app instance `i` (detached, logging to the cluster folder) and waits for its health. */
export async function startApp(state, i) {
  const log = openSync(path.join(state.dir, 'logs', `app${i + 1}.log`), 'a');
  const child = spawn(
    process.execPath,
    [
      // Node's own flags for an experiment, e.g. a CPU profile of each instance under a bench
      // (`BH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`, written when the instance stops).
      ...(process.env.BH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--enable-source-maps',
      path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      cwd: root,
      env: appEnv(state, i),
      detached: true,
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  child.unref();
  state.appPids[i] = child.pid;
  saveState(state);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  await waitForHealth(`http://127.0.0.1:${state.ports.apps[i]}/api/health`, 60_000, () => exited);
  // Back in the proxy's rotation if it was taken out (stopApp with drain); before the proxy
  // starts there is nothing to tell.
  if (existsSync(state.haproxySocket))
    await haproxyCommand(state.haproxySocket, `set server apps/app${i + 1} state ready`);
  return child.pid;
}

/** Current sessions of app server `i` in haproxy (requests it is answering). */
async function sessionsOf(state, i) {
  const csv = await haproxyCommand(state.haproxySocket, 'show stat');
  const row = csv.split('\n').find((l) => l.startsWith(`apps,app${i + 1},`));
  // Columns: pxname, svname, qcur, qmax, scur, ...
  return Number(row?.split(',')[4] ?? 0);
}

/**
 * Stops app instance `i`: SIGTERM (requests under way finish), SIGKILL after `graceMs`. With
 * `drain` (a rolling restart), haproxy first stops sending it requests (maintenance state) and
 * those it answers finish; startApp puts it back. Without, the proxy finds out by its health
 * checks (a crash drill: `signal: 'SIGKILL'`).
 */
export async function stopApp(state, i, { signal = 'SIGTERM', graceMs = 12_000, drain = false } = {}) {
  const pid = state.appPids[i];
  if (!alive(pid)) return;
  if (drain && existsSync(state.haproxySocket)) {
    await haproxyCommand(state.haproxySocket, `set server apps/app${i + 1} state maint`);
    const until = Date.now() + graceMs;
    while ((await sessionsOf(state, i)) > 0 && Date.now() < until) await sleep(50);
  }
  process.kill(pid, signal);
  const until = Date.now() + graceMs;
  while (alive(pid) && Date.now() < until) await sleep(50);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(20);
}

/** The data folder of the cluster's `primary` or `replica`. */
export const pgDir = (state, which) => path.join(state.dir, 'pg', which);

export function pgCtl(state, which, action, extra = []) {
  const dataDir = pgDir(state, which);
  const port = which === 'primary' ? state.ports.primary : state.ports.replica;
  const args = ['-D', dataDir, '-w'];
  if (action === 'start')
    // The sockets outside the data folder: pg_basebackup would find them in it.
    args.push(
      '-l',
      path.join(state.dir, 'pglogs', `${which}.log`),
      '-o',
      pgOptions(path.join(state.dir, 'pglogs'), port),
    );
  return run(path.join(PG_BIN, 'pg_ctl'), [...args, ...extra, action], { asPostgres: true });
}

/** SQL on a server of the cluster through psql as the superuser; the output rows, tab-separated. */
export function psql(port, sqlText, database = 'postgres') {
  return run('psql', [
    '-X',
    '-q',
    '-A',
    '-t',
    '-F',
    '\t',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    sqlText,
  ]).trim();
}

export function startPgbouncer(state) {
  run('pgbouncer', ['-d', path.join(state.dir, 'pgbouncer', 'pgbouncer.ini')], { asPostgres: true });
}

/**
 * Points PgBouncer at the PostgreSQL server on `port` (a promoted replica): its configuration
 * rewritten and reloaded (SIGHUP); new server connections go there.
 */
export function pointPgbouncer(state, port) {
  const ini = path.join(state.dir, 'pgbouncer', 'pgbouncer.ini');
  const text = readFileSync(ini, 'utf8').replace(
    /^border = host=127\.0\.0\.1 port=\d+/m,
    `border = host=127.0.0.1 port=${port}`,
  );
  writeFileSync(ini, text);
  process.kill(readPid(path.join(state.dir, 'pgbouncer', 'pgbouncer.pid')), 'SIGHUP');
}

export async function stopPgbouncer(state) {
  const pid = readPid(path.join(state.dir, 'pgbouncer', 'pgbouncer.pid'));
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  while (alive(pid)) await sleep(20);
}

/**
 * Starts a cluster from scratch. Options: base port, instances (2 or 3), build (the server,
 * default true), log (progress lines). Resolves to its state (see readState).
 */
export async function startCluster({ base = 55400, instances = 2, build = true, log = console.log } = {}) {
  const existing = readState(base);
  if (existing) {
    if (existing.appPids?.some(alive) || existsSync(existing.dir))
      throw new Error(
        `a cluster on port ${base} is already running (${existing.dir}): npm run cluster:stop first`,
      );
    rmSync(stateFile(base), { force: true });
  }
  ensurePrograms(log);
  if (build) {
    log('building the server (apps/server/dist)');
    run(process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
  }
  if (!existsSync(path.join(root, 'apps/server/dist/main.js')))
    throw new Error('apps/server/dist/main.js is missing: npm run build');
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'bh-cluster-'));
  chmodSync(dir, 0o711);
  const ports = clusterPorts(base, instances);
  const password = randomBytes(18).toString('base64url');
  const state = {
    base,
    dir,
    ports,
    appPids: [],
    haproxyPid: 0,
    haproxySocket: path.join(dir, 'haproxy', 'admin.sock'),
    jwtSecret: randomBytes(48).toString('base64url'),
    admin: { email: 'admin@cluster.test', password: randomBytes(12).toString('base64url') },
    urls: {
      app: `http://127.0.0.1:${ports.proxy}`,
      proxyStats: `http://127.0.0.1:${ports.proxyStats}/`,
      primary: `postgres://border:${password}@127.0.0.1:${ports.primary}/border`,
      replica: `postgres://border:${password}@127.0.0.1:${ports.replica}/border`,
      pooled: `postgres://border:${password}@127.0.0.1:${ports.pgbouncer}/border`,
    },
  };
  state.readUrl = state.urls.replica;
  saveState(state);
  for (const sub of ['pglogs', 'wal-archive', 'pgbouncer', 'haproxy', 'app-data', 'logs'])
    mkdirSync(path.join(dir, sub));
  if (isRoot)
    execFileSync('chown', [
      'postgres:postgres',
      path.join(dir, 'pglogs'),
      path.join(dir, 'wal-archive'),
      path.join(dir, 'pgbouncer'),
    ]);
  // initdb and pg_basebackup make their own folders, in one the postgres user may write to.
  mkdirSync(path.join(dir, 'pg'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', path.join(dir, 'pg')]);
  const primaryDir = pgDir(state, 'primary');
  const replicaDir = pgDir(state, 'replica');

  log(`PostgreSQL primary on ${ports.primary}`);
  run(
    path.join(PG_BIN, 'initdb'),
    [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ],
    { asPostgres: true },
  );
  const conf = path.join(primaryDir, 'postgresql.conf');
  writeFileSync(conf, `${readFileSync(conf, 'utf8')}\n${pgConfig(path.join(dir, 'wal-archive'))}`);
  pgCtl(state, 'primary', 'start');
  psql(ports.primary, `CREATE ROLE border LOGIN PASSWORD '${password}'`);
  psql(ports.primary, 'CREATE DATABASE border OWNER border');

  log(`streaming replica on ${ports.replica} (pg_basebackup -R)`);
  run(
    'pg_basebackup',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.primary),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '-C',
      '-S',
      'replica1',
    ],
    { asPostgres: true },
  );
  pgCtl(state, 'replica', 'start');

  log('migrations, once, straight on the primary');
  run(process.execPath, [path.join(root, 'apps/server/dist/migrate.js')], {
    env: { PATH: process.env.PATH, DATABASE_URL: state.urls.primary, LOG_LEVEL: 'silent' },
  });

  log(`PgBouncer (transaction pooling) on ${ports.pgbouncer}`);
  const bouncerDir = path.join(dir, 'pgbouncer');
  writeFileSync(path.join(bouncerDir, 'pgbouncer.ini'), pgbouncerConfig(bouncerDir, ports, password));
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', bouncerDir]);
  startPgbouncer(state);
  await waitForPort(ports.pgbouncer);

  // One after the other: the first creates what is made once (the admin, keys in DATA_DIR).
  for (let i = 0; i < instances; i++) {
    log(`app instance ${i + 1} on ${ports.apps[i]}`);
    await startApp(state, i);
  }

  log(`haproxy on ${ports.proxy}`);
  const proxyDir = path.join(dir, 'haproxy');
  writeFileSync(path.join(proxyDir, 'haproxy.cfg'), haproxyConfig(proxyDir, ports));
  const proxyPidFile = path.join(proxyDir, 'haproxy.pid');
  run('haproxy', ['-D', '-f', path.join(proxyDir, 'haproxy.cfg'), '-p', proxyPidFile]);
  state.haproxyPid = readPid(proxyPidFile);
  saveState(state);
  const until = Date.now() + 15_000;
  for (;;) {
    const view = await proxyView(state).catch(() => ({}));
    if (Object.keys(view).length === instances && Object.values(view).every((s) => s === 'UP')) break;
    if (Date.now() > until)
      throw new Error(`haproxy does not see every instance up: ${JSON.stringify(view)}`);
    await sleep(200);
  }
  state.startedMs = Date.now() - started;
  saveState(state);
  return state;
}

/** Stops every process of the cluster on `base` and removes its folder. */
export async function stopCluster(base = 55400, log = console.log) {
  const state = readState(base);
  if (!state) {
    log(`no cluster on port ${base}`);
    return;
  }
  await Promise.all(state.appPids.map((_, i) => stopApp(state, i)));
  const proxyPid = readPid(path.join(state.dir, 'haproxy', 'haproxy.pid')) || state.haproxyPid;
  if (alive(proxyPid)) {
    process.kill(proxyPid, 'SIGTERM');
    while (alive(proxyPid)) await sleep(20);
  }
  await stopPgbouncer(state);
  for (const which of ['replica', 'primary']) {
    if (existsSync(path.join(pgDir(state, which), 'postmaster.pid'))) {
      try {
        pgCtl(state, which, 'stop', ['-m', 'fast']);
      } catch (err) {
        log(String(err.message));
      }
    }
  }
  rmSync(state.dir, { recursive: true, force: true });
  rmSync(stateFile(base), { force: true });
  log(`cluster on port ${base} stopped, ${state.dir} removed`);
}

function printState(state) {
  const { ports, urls } = state;
  console.log(`
Cluster up in ${(state.startedMs / 1000).toFixed(1)} s, folder ${state.dir}

  app (through haproxy)   ${urls.app}
  haproxy statistics      ${urls.proxyStats}
  app instances           ${ports.apps.map((p) => `127.0.0.1:${p}`).join(', ')} (metrics on ${ports.metrics.join(', ')})
  PgBouncer (pooled)      ${urls.pooled}
  PostgreSQL primary      ${urls.primary}
  PostgreSQL replica      ${urls.replica} (the instances' DATABASE_READ_URL)
  admin                   ${state.admin.email} / ${state.admin.password}
  logs                    ${state.dir}/logs, ${state.dir}/pglogs, ${state.dir}/pgbouncer

Stop it with: npm run cluster:stop${state.base === 55400 ? '' : ` (CLUSTER_PORT=${state.base})`}
`);
}

async function cli() {
  const [command = 'start', ...args] = process.argv.slice(2);
  const base = Number(process.env.CLUSTER_PORT ?? 55400);
  const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
  if (!(instances >= 1 && instances <= 9)) throw new Error('CLUSTER_INSTANCES: 1 to 9');
  if (command === 'start') {
    try {
      printState(await startCluster({ base, instances, build: !args.includes('--no-build') }));
    } catch (err) {
      console.error(`cluster: ${err.message}`);
      console.error('stopping what was started');
      await stopCluster(base, () => {});
      process.exit(1);
    }
  } else if (command === 'stop') {
    await stopCluster(base);
  } else if (command === 'status') {
    const state = readState(base);
    if (!state) console.log(`no cluster on port ${base}`);
    else {
      printState(state);
      console.log('haproxy sees:', await proxyView(state).catch((e) => e.message));
    }
  } else {
    throw new Error(`unknown command ${command}: start [--no-build], stop or status`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  cli().catch((err) => {
    console.error(`cluster: ${err.message}`);
    process.exit(1);
  });
}
