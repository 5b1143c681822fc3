#!/usr/bin/env node
/**
 * `npm run test:cluster`: the cluster of scripts/cluster.mjs, started from scratch on its own
 * ports (CLUSTER_TEST_PORT, default 55500), checked, and stopped. A step of `npm test`
 * (it needs PostgreSQL 15, PgBouncer and haproxy; cluster.mjs installs the last two as root).
 *
 * Checks: a device's push through the proxy is applied once and its repeat answered as a
 * duplicate, whichever instance gets it; the rows reach the replica; an instance stopped under
 * requests leaves the proxy's rotation and no request through the proxy fails; it comes back;
 * PgBouncer restarted under requests: the instances live on and answer again at once.
 * The replica (issue 36, items 2 and 5): replay paused, reads that may lag come from it and a
 * device's pull right after its push from the primary; stopped under reads, the primary answers
 * them, none fails; failover: the primary stopped with writes the replica never received, the
 * replica promoted, PgBouncer pointed at it and the instances restarted, and simulated devices
 * (scripts/sync-device.mjs) see the new epoch and send again what they hold: 0 lost, 0 twice.
 * No timing is checked: how long things took is printed as figures.
 * Prints one line per check and the figures measured; exit code 1 on the first failure.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  pgCtl,
  pointPgbouncer,
  proxyView,
  psql,
  startApp,
  startCluster,
  startPgbouncer,
  stopApp,
  stopCluster,
  stopPgbouncer,
  waitForPort,
} from './cluster.mjs';
import { checkDevices, Device } from './sync-device.mjs';

const base = Number(process.env.CLUSTER_TEST_PORT ?? 55500);
// Every request comes from 127.0.0.1: the per-address ceiling is not what these checks are about.
process.env.RATE_LIMIT_PER_MINUTE = '1000000';
const figures = {};

async function api(state, method, url, token, body) {
  const res = await fetch(`${state.urls.app}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

const travelerData = (i, postId) => ({
  fullName: `Cluster Traveller ${i}`,
  passportNo: `C${String(1_000_000 + i)}`,
  nationality: 'VN',
  entryDate: '2026-11-20',
  status: 'pending',
  gender: i % 2 ? 'male' : 'female',
  entryPostId: postId,
});

async function until(what, check, ms = 10_000) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

const ok = (line) => console.log(`ok - ${line}`);

async function checks(state) {
  const login = await api(state, 'POST', '/api/auth/login', null, {
    email: state.admin.email,
    password: state.admin.password,
  });
  assert.equal(login.status, 200, 'the admin logs in through the proxy');
  const token = login.json.token;
  assert.match(
    login.headers.get('x-request-id') ?? '',
    /^[0-9a-f-]{36}$/,
    'the proxy gives the request an id and the app answers it',
  );
  const traced = await fetch(`${state.urls.app}/api/health`, { headers: { 'x-request-id': 'trace-me-123' } });
  assert.equal(traced.headers.get('x-request-id'), 'trace-me-123');
  assert.equal((await fetch(`${state.urls.app}/metrics`)).status, 404, 'the proxy keeps /metrics private');
  for (const port of state.ports.metrics) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.match(text, /bh_db_pool_connections\{state="max"\} 10/);
  }
  ok("request ids through the proxy; /metrics only on each instance's private port");
  const post = await api(state, 'POST', '/api/posts', token, {
    code: 'CLU',
    name: { vi: 'Cửa khẩu cụm', en: 'Cluster post', ja: 'クラスター' },
    kind: 'airport',
    province: 'Hà Nội',
    timeZone: 'Asia/Ho_Chi_Minh',
  });
  assert.equal(post.status, 201);
  const postId = post.json.post.id;
  // The failover drill's own post: its checker compares every traveller of the post.
  const drillPost = await api(state, 'POST', '/api/posts', token, {
    code: 'FOV',
    name: { vi: 'Cửa khẩu diễn tập', en: 'Failover drill post', ja: 'フェイルオーバー' },
    kind: 'land',
    province: 'Lạng Sơn',
    timeZone: 'Asia/Ho_Chi_Minh',
  });
  assert.equal(drillPost.status, 201);
  // Each instance reads the post list again after at most 5 s (docs/deployment.md).
  await sleep(5_200);

  const clientId = randomUUID();
  const mutations = Array.from({ length: 5 }, (_, i) => ({
    seq: i + 1,
    table: 'travelers',
    op: 'create',
    id: randomUUID(),
    baseVersion: null,
    data: travelerData(i, postId),
  }));
  // Twice, and the proxy alternates: the repeat reaches the other instance.
  const first = await api(state, 'POST', '/api/sync/push', token, { clientId, mutations });
  const again = await api(state, 'POST', '/api/sync/push', token, { clientId, mutations });
  assert.deepEqual(
    first.json.results.map((r) => r.status),
    Array(5).fill('applied'),
  );
  assert.deepEqual(
    again.json.results.map((r) => r.status),
    Array(5).fill('duplicate'),
  );
  ok('a push through the proxy is applied once; its repeat (on the other instance) is a duplicate');

  const pull = await api(state, 'GET', '/api/sync/pull?cursor=0', token);
  assert.equal(pull.status, 200);
  const pulledIds = new Set(pull.json.changes.filter((c) => c.table === 'travelers').map((c) => c.record.id));
  assert.deepEqual(
    mutations.filter((m) => pulledIds.has(m.id)).length,
    5,
    `the pull returns the 5 travellers: ${JSON.stringify(pull.json).slice(0, 300)}`,
  );
  ok('a pull through the proxy returns them');

  figures.replicaCatchUpMs = await until(
    'the replica has the rows',
    () => psql(state.ports.replica, 'SELECT count(*) FROM travelers', 'border') === '5',
  );
  const lag = psql(
    state.ports.primary,
    "SELECT coalesce(extract(epoch FROM replay_lag) * 1000, 0)::numeric(10,3) FROM pg_stat_replication WHERE application_name = 'walreceiver'",
  );
  figures.replicaReplayLagMs = Number(lag);
  ok(`the replica has them (${figures.replicaCatchUpMs} ms; replay lag ${lag} ms)`);

  // An instance stops and starts again while requests keep coming through the proxy: drained
  // first (a rolling restart), then without warning (SIGTERM only: the proxy's health checks
  // find out, and what the closing instance refuses with 503 is sent to the other).
  for (const [i, how] of [
    [0, 'drained'],
    [1, 'not drained'],
  ]) {
    const name = `app${i + 1}`;
    let sent = 0;
    let retried = 0;
    const failures = [];
    let running = true;
    const get = () => api(state, 'GET', '/api/sync/status', token).catch((e) => ({ status: String(e) }));
    const load = (async () => {
      while (running) {
        let r = await get();
        sent++;
        // A request already sent to an instance that dies without warning can fail once (the
        // connection resets mid-answer; the proxy cannot know whether it was served). Devices
        // send it again, as here: it must then succeed.
        if (r.status !== 200 && how === 'not drained') {
          retried++;
          r = await get();
        }
        if (r.status !== 200) failures.push(r.status);
      }
    })();
    await sleep(500);
    const stopped = Date.now();
    await stopApp(state, i, { drain: how === 'drained' });
    const stopMs = Date.now() - stopped;
    const noticedMs = await until(`haproxy takes ${name} out`, async () =>
      /^(DOWN|MAINT)/.test((await proxyView(state))[name] ?? ''),
    );
    await sleep(1_000);
    const restarted = Date.now();
    await startApp(state, i);
    await until(`haproxy puts ${name} back`, async () => (await proxyView(state))[name] === 'UP');
    const backMs = Date.now() - restarted;
    running = false;
    await load;
    figures[`restart ${how}`] = {
      stopMs,
      noticedMs,
      backMs,
      requests: sent,
      retried,
      failed: failures.length,
    };
    assert.deepEqual(
      failures,
      [],
      `no request through the proxy fails while ${name} stops (${how}) and starts`,
    );
    ok(`${name} stopped (${how}) and started under ${sent} requests: none failed`);
  }
  // On either instance: the one restarted last may not have answered one yet.
  const metrics = (await scrapeAll(state)).join('\n');
  assert.match(
    metrics,
    /bh_http_request_duration_seconds_count\{method="GET",route="\/api\/sync\/status",status_code="200"\} [1-9]/,
  );

  // PgBouncer restarts under requests: the instances live on (a connection closed under them
  // does not end them), what ran at that moment fails, and everything after it succeeds.
  const outcomes = [];
  let running = true;
  const load = (async () => {
    while (running) {
      const r = await api(state, 'GET', '/api/sync/status', token).catch(() => ({ status: 'network' }));
      outcomes.push([Date.now(), r.status]);
    }
  })();
  await sleep(500);
  const restarting = Date.now();
  await stopPgbouncer(state);
  startPgbouncer(state);
  await waitForPort(state.ports.pgbouncer);
  const restartedAt = Date.now();
  // Until requests succeed again (on a loaded machine the pools take a second or two to
  // reconnect; how long is a figure, not the check), at most 8 s.
  await sleep(1_000);
  for (let waited = 0; waited < 7_000; waited += 250) {
    if (outcomes.length >= 20 && outcomes.slice(-20).every(([, status]) => status === 200)) break;
    await sleep(250);
  }
  running = false;
  await load;
  for (const pid of state.appPids) assert.ok(isAlive(pid), 'every instance survives a PgBouncer restart');
  const failed = outcomes.filter(([, status]) => status !== 200);
  const lastFailure = failed.at(-1)?.[0] ?? restarting;
  figures.pgbouncerRestart = {
    restartMs: restartedAt - restarting,
    requests: outcomes.length,
    failed: failed.length,
    lastFailureAfterRestartMs: lastFailure - restartedAt,
  };
  assert.ok(
    outcomes.slice(-20).every(([, status]) => status === 200),
    `requests succeed again once PgBouncer is back: ${JSON.stringify(figures.pgbouncerRestart)}`,
  );
  const lost = await Promise.all(
    state.ports.metrics.map(async (port) => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      return Number(/^bh_db_connections_lost_total (\d+)/m.exec(text)?.[1] ?? 0);
    }),
  );
  assert.ok(
    lost.some((n) => n > 0),
    'the metrics count the connections PgBouncer closed',
  );
  ok(
    `PgBouncer restarted in ${restartedAt - restarting} ms under ${outcomes.length} requests: ${failed.length} failed while it was away, none after; instances alive`,
  );
  await replicaPaused(state, token, postId);
  await replicaStopped(state, token);
  await failover(state, token, drillPost.json.post.id);
}

/** The metrics text of every instance. */
const scrapeAll = (state) =>
  Promise.all(
    state.ports.metrics.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()),
  );

/** bh_db_reads_total by route, summed over the instances. */
async function readsByRoute(state) {
  const sums = { replica: 0, primary_behind: 0, primary_down: 0, primary_fallback: 0 };
  for (const text of await scrapeAll(state))
    for (const [, route, n] of text.matchAll(/^bh_db_reads_total\{route="(\w+)"\} (\d+)/gm))
      sums[route] = (sums[route] ?? 0) + Number(n);
  return sums;
}

/** The highest value of a gauge over the instances. */
async function gaugeMax(state, name) {
  const values = (await scrapeAll(state)).map((text) =>
    Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN),
  );
  return Math.max(...values.filter((v) => !Number.isNaN(v)));
}

const device = (state, token, postId, name) => new Device({ baseUrl: state.urls.app, token, postId, name });

/**
 * Replication paused on the replica (pg_wal_replay_pause): reads that may lag (a fresh device's
 * bulk pull, the export, a report) are answered by the replica without what was written since;
 * a device's pull right after its push is answered by the primary and holds everything up to its
 * own write. The lag shows in the metrics; resumed, the replica catches up.
 */
async function replicaPaused(state, token, postId) {
  const replica = state.ports.replica;
  psql(replica, 'SELECT pg_wal_replay_pause()');
  await until(
    'replay paused',
    () => psql(replica, 'SELECT pg_get_wal_replay_pause_state()') === 'paused',
    20_000,
  );
  const before = await readsByRoute(state);
  const writer = device(state, token, postId, 'writer');
  await writer.pull();
  // Another device's traveller, then the writer's own: both on the primary only.
  const other = device(state, token, postId, 'other');
  const [otherId] = other.create(1);
  await other.push();
  const [ownId] = writer.create(1);
  await writer.push();
  const wrote = Math.max(...writer.skip.map((r) => r.to));
  await writer.pull();
  assert.ok(
    writer.cursor >= wrote,
    `the pull after the push reaches its own write (${writer.cursor} >= ${wrote})`,
  );
  assert.ok(writer.records.has(otherId), "the pull after the push holds the other device's earlier write");
  const fresh = device(state, token, postId, 'fresh');
  await fresh.pull();
  assert.ok(
    !fresh.records.has(otherId) && !fresh.records.has(ownId) && fresh.records.size > 0,
    "a fresh device's bulk pull is the replica's (without the two new travellers)",
  );
  const csv = await fetch(`${state.urls.app}/api/travelers/export`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.text());
  assert.ok(
    csv.includes('Cluster Traveller') && !csv.includes(other.records.get(otherId).passportNo),
    "the export is the replica's",
  );
  const report = await api(state, 'GET', '/api/reports/daily?date=2026-11-20', token);
  assert.equal(report.status, 200);
  const after = await readsByRoute(state);
  assert.ok(
    after.primary_behind > before.primary_behind,
    `the pull went to the primary: ${JSON.stringify(after)}`,
  );
  assert.ok(after.replica > before.replica, 'the reads that may lag went to the replica');
  const behind = await gaugeMax(state, 'bh_db_replica_changes_behind');
  assert.ok(behind >= 2, `the metrics show the replica ${behind} changes behind`);
  // The lag counts WAL received and not replayed: on a loaded machine the replica may receive
  // the new WAL a moment later.
  let lagSeconds = 0;
  await until(
    'the metrics show the replay lag',
    async () => {
      lagSeconds = await gaugeMax(state, 'bh_db_replica_lag_seconds');
      return lagSeconds > 0;
    },
    15_000,
  );
  psql(replica, 'SELECT pg_wal_replay_resume()');
  const caughtUpMs = await until(
    'a fresh pull has both after the replay resumed',
    async () => {
      const late = device(state, token, postId, 'late');
      await late.pull();
      return late.records.has(otherId) && late.records.has(ownId);
    },
    20_000,
  );
  figures.replicaPaused = {
    readsReplica: after.replica - before.replica,
    pullsToPrimary: after.primary_behind - before.primary_behind,
    changesBehind: behind,
    lagSeconds,
    caughtUpAfterResumeMs: caughtUpMs,
  };
  ok(
    `replication paused: fresh pull, export and report from the replica; the pull after a push from the primary, up to its own write; metrics ${behind} changes / ${lagSeconds.toFixed(1)} s behind; caught up ${caughtUpMs} ms after resuming`,
  );
}

/**
 * The replica stops under reads that may lag (reports, a fresh device's pull, the audit trail):
 * each is answered by the primary instead, none fails; started again, the reads go back to it.
 */
async function replicaStopped(state, token) {
  const reads = [
    '/api/reports/daily?date=2026-11-20',
    '/api/sync/pull?cursor=0&limit=200',
    '/api/audit?limit=20',
  ];
  const outcomes = [];
  let running = true;
  let slowestMs = 0;
  const load = (async () => {
    for (let i = 0; running; i++) {
      const started = Date.now();
      const r = await api(state, 'GET', reads[i % reads.length], token).catch((e) => ({ status: String(e) }));
      slowestMs = Math.max(slowestMs, Date.now() - started);
      outcomes.push(r.status);
    }
  })();
  await sleep(500);
  const before = await readsByRoute(state);
  const stopping = Date.now();
  pgCtl(state, 'replica', 'stop', ['-m', 'fast']);
  const stoppedMs = Date.now() - stopping;
  const fallbackMs = await until(
    'reads answered by the primary',
    async () => {
      const now = await readsByRoute(state);
      return now.primary_down + now.primary_fallback > before.primary_down + before.primary_fallback;
    },
    20_000,
  );
  await sleep(1_000);
  pgCtl(state, 'replica', 'start');
  const startedAt = await readsByRoute(state);
  const backMs = await until(
    'reads on the replica again',
    async () => (await readsByRoute(state)).replica > startedAt.replica,
    30_000,
  );
  running = false;
  await load;
  const failed = outcomes.filter((status) => status !== 200);
  const after = await readsByRoute(state);
  figures.replicaStopped = {
    requests: outcomes.length,
    failed: failed.length,
    stopMs: stoppedMs,
    fallbackMs,
    slowestRequestMs: slowestMs,
    backOnReplicaAfterStartMs: backMs,
    primaryDown: after.primary_down - before.primary_down,
    primaryFallback: after.primary_fallback - before.primary_fallback,
  };
  assert.deepEqual(failed, [], 'no read fails while the replica is away (the primary answers)');
  ok(
    `replica stopped under ${outcomes.length} reads: none failed, the primary answered (${after.primary_fallback - before.primary_fallback} statements sent again, ${after.primary_down - before.primary_down} while it was down); back on the replica ${backMs} ms after it started`,
  );
}

/**
 * Failover: three devices write; the replica stops receiving (its primary_conninfo emptied) and
 * two of them write more, acknowledged by the primary only; the primary dies (immediate stop);
 * the replica is promoted, PgBouncer pointed at it and the instances restarted (the
 * configuration change of docs/deployment.md, "Failover"). The instances serve another epoch
 * (the timeline), every device sees that the server went back and sends again what it holds:
 * the lost travellers are applied once, the rest answered as identical conflicts. The checker:
 * 0 lost, 0 duplicated, every device equal to the server.
 */
async function failover(state, token, postId) {
  const { primary, replica } = state.ports;
  const devices = ['A', 'B', 'C'].map((name) => device(state, token, postId, name));
  for (const d of devices) {
    d.create(4);
    await d.sync();
  }
  const countOn = (port) =>
    Number(psql(port, `SELECT count(*) FROM travelers WHERE entry_post_id = '${postId}'`, 'border'));
  await until('the replica has the first writes', () => countOn(replica) === 12, 20_000);
  psql(replica, "ALTER SYSTEM SET primary_conninfo = ''");
  psql(replica, 'SELECT pg_reload_conf()');
  await until(
    'the replica stops receiving',
    () => psql(primary, 'SELECT count(*) FROM pg_stat_replication') === '0',
    20_000,
  );
  devices[0].create(5);
  devices[1].create(3);
  await devices[0].sync();
  await devices[1].sync();
  assert.equal(countOn(primary), 20);
  assert.equal(countOn(replica), 12, 'the last 8 travellers are on the primary only');

  const down = Date.now();
  pgCtl(state, 'primary', 'stop', ['-m', 'immediate']);
  const promoting = Date.now();
  pgCtl(state, 'replica', 'promote');
  const promoteMs = Date.now() - promoting;
  // The configuration change: PgBouncer to the new primary, no replica for reads, the
  // instances restarted (they read the new timeline into the epoch at start).
  await Promise.all(state.appPids.map((_, i) => stopApp(state, i)));
  pointPgbouncer(state, replica);
  state.readUrl = null;
  for (let i = 0; i < state.appPids.length; i++) await startApp(state, i);
  await until(
    'haproxy sees the instances up',
    async () => Object.values(await proxyView(state)).every((s) => s === 'UP'),
    30_000,
  );
  const failoverMs = Date.now() - down;
  const status = await api(state, 'GET', '/api/sync/status', token);
  assert.match(status.json.epoch, /\.t2$/, 'the new primary serves the epoch of timeline 2');

  for (const d of devices) await d.sync();
  // Again: each device pulls what the others sent again.
  for (const d of devices) await d.sync();
  const rows = psql(
    replica,
    `SELECT id, passport_no FROM travelers WHERE entry_post_id = '${postId}'`,
    'border',
  )
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, passport_no] = line.split('\t');
      return { id, passport_no };
    });
  const check = checkDevices(devices, rows, postId);
  const counts = Object.fromEntries(devices.map((d) => [d.name, d.counts]));
  figures.failover = { promoteMs, failoverMs, ...check, devices: counts };
  assert.ok(
    devices.every((d) => d.counts.wentBack === 1),
    `every device saw the server go back once: ${JSON.stringify(counts)}`,
  );
  assert.deepEqual(
    { lost: check.lost, duplicated: check.duplicated, extra: check.extra, differing: check.differing },
    { lost: 0, duplicated: 0, extra: 0, differing: 0 },
    JSON.stringify(check),
  );
  assert.equal(check.created, 20);
  ok(
    `failover: primary stopped with 8 travellers not replicated, replica promoted in ${promoteMs} ms, instances on it after ${failoverMs} ms; the devices re-sent what they held: ${check.onServer} of ${check.created} on the server, 0 lost, 0 duplicated, 0 devices differing`,
  );
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const t0 = Date.now();
let state;
let failed = false;
try {
  state = await startCluster({ base, log: (l) => console.log(`# ${l}`) });
  figures.clusterStartMs = state.startedMs;
  ok(`cluster started in ${state.startedMs} ms`);
  await checks(state);
} catch (err) {
  failed = true;
  console.error(`not ok - ${err.stack ?? err.message}`);
} finally {
  const stopping = Date.now();
  await stopCluster(base, (l) => console.log(`# ${l}`));
  figures.clusterStopMs = Date.now() - stopping;
}
figures.loadAverage = loadavg().map((n) => Number(n.toFixed(2)));
console.log(`# figures ${JSON.stringify(figures)}`);
console.log(`# ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
