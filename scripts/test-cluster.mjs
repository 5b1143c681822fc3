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
 * Prints one line per check and the figures measured; exit code 1 on the first failure.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
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
  const metrics = await (await fetch(`http://127.0.0.1:${state.ports.metrics[1]}/metrics`)).text();
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
console.log(`# figures ${JSON.stringify(figures)}`);
console.log(`# ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
