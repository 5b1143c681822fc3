#!/usr/bin/env node
/**
 * Cluster load (issue 36, item 6): the cluster of scripts/cluster.mjs (haproxy, two instances,
 * PgBouncer, primary + replica) under simulated devices, for LOAD_SECONDS (60):
 *   - DEVICES (1,000) devices over POSTS (50) posts, each pulling every 30 s (pages until done);
 *   - PUSHES_PER_SECOND (60) pushes of 5 mutations (4 new travellers and 1 update of one the
 *     device holds: 300 writes a second);
 *   - REPORTS_PER_SECOND (5) daily reports;
 * all through the proxy. Then a checker: each device pulls to the end and its travellers (id and
 * version) must equal the primary's for its post, and the primary must hold exactly the
 * travellers whose creation was applied: no change skipped, none applied twice.
 * The run is made twice: both instances up, then instance 2 killed (SIGKILL) halfway; devices
 * retry what failed (network error, 5xx) after 1 s, pushes with the same clientId and seq.
 * Measured: p50/p95/p99 per request kind, non-2xx answers, retries, replica replay lag sampled
 * every second on the primary. Writes bench/results/cluster-load.json (`npm run bench:cluster`).
 *
 * Measured on this 2-core machine (2026-11-28, shared with other work, load average about 2),
 * everything (bench included) on the same two cores, fsync on:
 *   two instances:       pull p50/p95/p99 31/103/337 ms, report 13/61/363 ms, 0 non-2xx;
 *                        pushes capped at 43.7/s (of 60 asked), so they queue: p50 5.2 s,
 *                        p99 8.2 s; 13,520 mutations applied, 265 conflicts (two devices
 *                        updating one traveller); replica lag max 29 ms; checker: 1,000 devices
 *                        equal to the primary, 11,889 creates applied, 11,889 on the server.
 *   instance 2 killed at 30 s: 60 non-2xx and 129 network errors, all retried; pulls p99
 *                        961 ms, pushes 49.5/s p99 7.1 s; checker: 0 devices differ, nothing
 *                        lost or applied twice.
 * A second full run while another session ran `npm ci` (load average 5): pushes 21/s, every
 * kind p50 about 10 s, haproxy answering 503 to what waited in its queue over 10 s (all retried),
 * replica lag up to 13.8 s; still 0 devices differing and nothing lost or applied twice (913
 * retried mutations answered `duplicate`). The figures depend on what else the machine runs.
 * The pushes' ceiling is the one write lock every write transaction takes (write-path/apply.ts)
 * and holds across the app's round trips to the database: about 20 ms a push here, with or
 * without fsync (synchronous_commit=off: 44 pushes/s), with one instance or two.
 * After the late write lock (docs/decisions/019-late-write-lock.md: a push of travellers checks
 * before the lock, 6 statements under it instead of 11), 2026-11-29, load average 3.2-3.4 with
 * other benches running: pushes answered 47.8/s (pushesAnsweredPerSecond: answered within the
 * 60 s, retries not counted), p50 2.9 s, p99 4.6 s; pulls p99 274 ms, reports p99 296 ms; 0 non-2xx;
 * replica lag max 23 ms; checker: 0 devices differ, 13,222 creates applied and on the server.
 * Instance 2 killed at 30 s: 57.1/s, push p99 2.2 s, pulls p99 257 ms, 39 network errors all
 * retried, 0 devices differ. At load 7-10 the old and the new code alike answered 22-29/s. Before the
 * pushes were limited to two at a time per instance (modules/sync/routes.ts), the pushes waiting
 * for that lock held every pooled connection (pool waiting: 200) and pulls waited too: pull p50
 * 6.7 s, reports 4.5 s.
 * After statements under the lock went in one message (docs/decisions/021-statements-together.md),
 * 2026-11-29, quiet machine, four runs: 59.1-59.7 pushes/s answered of 60, push p99 331-1,071 ms,
 * pull p99 151-238 ms, replica lag (measured, see lagSampler) at most 310 ms, 0 non-2xx, 0 devices
 * differ; instance 2 killed: push p99 189-422 ms, pull p99 174-191 ms. One run met every target.
 */
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { psql, startCluster, stopApp, stopCluster } from '../scripts/cluster.mjs';
import { cpuByComponent, cpuSnapshot } from './cpu.mjs';
import { writeResult } from './travelers-fixture.mjs';

const base = Number(process.env.CLUSTER_BENCH_PORT ?? 55600);
const DEVICES = Number(process.env.DEVICES ?? 1000);
const POSTS = Number(process.env.POSTS ?? 50);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PUSHES_PER_SECOND = Number(process.env.PUSHES_PER_SECOND ?? 60);
const REPORTS_PER_SECOND = Number(process.env.REPORTS_PER_SECOND ?? 5);
const PULL_EVERY_MS = 30_000;
const TODAY = new Date().toISOString().slice(0, 10);
// Every simulated device comes from 127.0.0.1: the per-address ceiling is not under test.
process.env.RATE_LIMIT_PER_MINUTE = '10000000';
process.env.LOG_LEVEL = 'warn';

/** Latencies (ms) and outcomes of one kind of request. */
function series() {
  return { ms: [], non2xx: 0, errors: 0, retries: 0 };
}
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
function summary(s) {
  const sorted = [...s.ms].sort((a, b) => a - b);
  const r = (v) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    count: sorted.length,
    p50: r(quantile(sorted, 0.5)),
    p95: r(quantile(sorted, 0.95)),
    p99: r(quantile(sorted, 0.99)),
    max: r(sorted.at(-1) ?? null),
    non2xx: s.non2xx,
    networkErrors: s.errors,
    retries: s.retries,
  };
}

/** One request through the proxy; retried after 1 s while it fails (network error or 5xx). */
async function call(state, stats, method, url, token, body) {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      stats.retries++;
      await sleep(1000);
    }
    const started = performance.now();
    let res;
    try {
      res = await fetch(`${state.urls.app}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      stats.ms.push(performance.now() - started);
      if (res.ok) return JSON.parse(text);
      stats.non2xx++;
      if (res.status < 500 || attempt >= 20)
        throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      if (res) throw err;
      stats.errors++;
      if (attempt >= 20) throw err;
    }
  }
}

/** An access token as the server signs them (HS256, apps/server/src/lib/jwt.ts). */
function accessToken(secret, { sub, role, sid, iat, exp }) {
  const part = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ role, sid, sub, iat, exp })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Posts through the API, officers (one per post) and their sessions straight in the primary. */
async function seed(state) {
  const login = await (
    await fetch(`${state.urls.app}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: state.admin.email, password: state.admin.password }),
    })
  ).json();
  const posts = [];
  for (let p = 0; p < POSTS; p++) {
    const res = await fetch(`${state.urls.app}/api/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        code: `P${String(p).padStart(2, '0')}`,
        name: { vi: `Cửa khẩu ${p}`, en: `Post ${p}`, ja: `検疫所 ${p}` },
        kind: 'land',
        province: 'Lạng Sơn',
        timeZone: 'Asia/Ho_Chi_Minh',
      }),
    });
    if (res.status !== 201) throw new Error(`post ${p}: ${res.status} ${await res.text()}`);
    posts.push((await res.json()).post.id);
  }
  const officers = [];
  const now = Math.floor(Date.now() / 1000);
  const statements = [];
  for (const postId of posts) {
    const id = randomUUID();
    const sid = randomUUID();
    statements.push(
      `INSERT INTO users (id, email, name, role, password_hash) VALUES ('${id}', '${id}@load.test', 'Load officer', 'officer', 'x');`,
      `INSERT INTO post_assignments (id, user_id, post_id, role) VALUES ('${randomUUID()}', '${id}', '${postId}', 'officer');`,
      `INSERT INTO sessions (id, user_id, family_id, token_hash, expires_at) VALUES ('${sid}', '${id}', '${randomUUID()}', '${randomUUID()}', now() + interval '1 day');`,
    );
    const token = accessToken(state.jwtSecret, { sub: id, role: 'officer', sid, iat: now, exp: now + 3600 });
    officers.push({ postId, token });
  }
  psql(state.ports.primary, statements.join('\n'), 'border');
  // Each instance reads the post list again after at most 5 s.
  await sleep(5_500);
  return officers;
}

let passportSeq = 0;
const newTraveler = (postId, i) => ({
  fullName: `Load Traveller ${i}`,
  // Vietnamese passports: one letter and seven digits, each one new.
  passportNo: `${String.fromCharCode(65 + (Math.floor(++passportSeq / 1e7) % 26))}${String(passportSeq % 1e7).padStart(7, '0')}`,
  nationality: 'VN',
  entryDate: TODAY,
  status: 'pending',
  gender: i % 2 ? 'male' : 'female',
  entryPostId: postId,
});

function makeDevices(officers, run) {
  return Array.from({ length: DEVICES }, (_, d) => {
    const officer = officers[d % officers.length];
    return {
      clientId: `load-${run.replace(/[^A-Za-z0-9]/g, '')}-${d}-${randomUUID().slice(0, 8)}`,
      officer,
      seq: 0,
      cursor: 0,
      travelers: new Map(),
      /** Ids of travellers whose create this device had applied. */
      created: [],
      pushing: false,
    };
  });
}

/** Pulls pages until the server has no more; applies the travellers to the device's copy. */
async function pullToEnd(state, stats, device) {
  for (;;) {
    const page = await call(
      state,
      stats,
      'GET',
      `/api/sync/pull?cursor=${device.cursor}`,
      device.officer.token,
    );
    for (const c of page.changes) {
      if (c.table !== 'travelers') continue;
      if (c.departed) device.travelers.delete(c.record.id);
      else device.travelers.set(c.record.id, c.record.version);
    }
    device.cursor = page.cursor;
    if (!page.hasMore) return;
  }
}

/** Creates 4 travellers and updates 1 it holds (or creates 5). */
async function push(state, stats, outcomes, device, n) {
  const mutations = [];
  const known = [...device.travelers.entries()];
  const pick = known.length > 0 ? known[Math.floor(Math.random() * known.length)] : null;
  for (let k = 0; k < 5; k++) {
    device.seq++;
    if (k === 4 && pick) {
      mutations.push({
        seq: device.seq,
        table: 'travelers',
        op: 'update',
        id: pick[0],
        baseVersion: pick[1],
        data: { ...newTraveler(device.officer.postId, n), fullName: `Updated ${n}` },
      });
    } else {
      mutations.push({
        seq: device.seq,
        table: 'travelers',
        op: 'create',
        id: randomUUID(),
        baseVersion: null,
        data: newTraveler(device.officer.postId, n),
      });
    }
  }
  const answer = await call(state, stats, 'POST', '/api/sync/push', device.officer.token, {
    clientId: device.clientId,
    mutations,
  });
  for (const r of answer.results) {
    outcomes[r.status] = (outcomes[r.status] ?? 0) + 1;
    if (r.status === 'rejected') {
      const why = JSON.stringify(r.errors);
      outcomes.rejectedFor ??= {};
      outcomes.rejectedFor[why] = (outcomes.rejectedFor[why] ?? 0) + 1;
    }
    const m = mutations.find((x) => x.seq === r.seq);
    if (m?.op === 'create' && (r.status === 'applied' || r.status === 'duplicate')) device.created.push(m.id);
  }
}

/**
 * A psql of its own on `port`, kept open: each query (one row) answers its line, fields
 * tab-separated. Not a psql per query (a process start every 250 ms), and not the blocking psql
 * helper: the requests under way are being timed.
 */
function psqlSession(port) {
  const child = spawn(
    'psql',
    ['-X', '-A', '-t', '-q', '-F', '\t', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  return {
    query: (text) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${text};\n`);
      }),
    end: () => child.stdin.end(),
  };
}

/**
 * Replica lag, measured (every 250 ms): how long ago the primary's WAL first went past what the
 * replica has replayed now. The primary's position is read every 250 ms and the replica's right
 * after, each on a connection of its own; the lag of a replica reading R taken at t is t minus
 * the time of the primary reading just before the first one above R (0 when the replica has
 * replayed everything the primary had): at most one sampling step more than the true lag. pg_stat_replication's replay_lag is kept
 * beside it: PostgreSQL computes it from the standby's replies, which, once writes pause, come
 * only every wal_receiver_status_interval (10 s), so at the end of a burst it reports seconds the
 * replica did not lag (bench runs showed 4.3 and 9.8 s while the bytes behind stayed under 20 KB).
 */
function lagSampler(state) {
  const connect = async (port) => psqlSession(port);
  const lags = [];
  const reported = [];
  let behindMax = 0;
  let running = true;
  const done = (async () => {
    const primary = await connect(state.ports.primary);
    const replica = await connect(state.ports.replica);
    /** The primary's readings: [time ms, lsn bytes], oldest first, the last minute at most. */
    const seen = [];
    let tick = 0;
    try {
      while (running) {
        const [lsn, lag] = (
          await primary.query(
            "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0'), extract(epoch FROM (SELECT replay_lag FROM pg_stat_replication LIMIT 1)) * 1000",
          )
        ).split('\t');
        seen.push([performance.now(), Number(lsn)]);
        if (seen.length > 240) seen.shift();
        if (tick++ % 4 === 0) reported.push(Number(lag || 0));
        const replayed = Number(
          await replica.query("SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')"),
        );
        const now = performance.now();
        // The first reading past what the replica replayed: the WAL it lacks was written after
        // the reading before that one, so the lag is at most `now` minus that reading's time.
        const first = seen.findIndex(([, at]) => at > replayed);
        const since = first < 0 ? null : (seen[Math.max(0, first - 1)]?.[0] ?? null);
        lags.push(since === null ? 0 : now - since);
        behindMax = Math.max(behindMax, (seen.at(-1)?.[1] ?? 0) - replayed);
        await sleep(250);
      }
    } finally {
      primary.end();
      replica.end();
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...lags].sort((a, b) => a - b);
      const reportedSorted = [...reported].sort((a, b) => a - b);
      return {
        samples: lags.length,
        maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
        p95Ms: Math.round((quantile(sorted, 0.95) ?? 0) * 10) / 10,
        maxBehindBytes: Math.max(0, behindMax),
        replayLagReportedMaxMs: Math.round((reportedSorted.at(-1) ?? 0) * 10) / 10,
      };
    },
  };
}

/** One run of LOAD_SECONDS; `killAt` (ms) kills instance 2 then. */
async function run(state, officers, name, killAt) {
  const stats = { pull: series(), push: series(), report: series() };
  const outcomes = {};
  const devices = makeDevices(officers, name);
  const failures = [];
  const lag = lagSampler(state);
  const cpuBefore = cpuSnapshot();
  // Read just before the kill: the killed instance's CPU until then.
  let cpuAtKill = new Map();
  const started = Date.now();
  const end = started + LOAD_SECONDS * 1000;
  const pending = new Set();
  const track = (p) => {
    const q = p.catch((err) => failures.push(String(err.message ?? err))).finally(() => pending.delete(q));
    pending.add(q);
  };
  // Pulls: each device every 30 s, the first at a random moment of the first 30 s.
  for (const device of devices) {
    const first = Math.random() * Math.min(PULL_EVERY_MS, LOAD_SECONDS * 1000);
    track(
      (async () => {
        await sleep(first);
        while (Date.now() < end) {
          await pullToEnd(state, stats.pull, device);
          await sleep(Math.min(PULL_EVERY_MS, Math.max(0, end - Date.now())));
        }
      })(),
    );
  }
  let killed = null;
  if (killAt !== undefined) {
    track(
      (async () => {
        await sleep(killAt);
        cpuAtKill = cpuSnapshot();
        await stopApp(state, 1, { signal: 'SIGKILL' });
        killed = Date.now() - started;
      })(),
    );
  }
  // Pushes and reports at a steady rate (a tick every 1/rate s; a push waits for the device's last).
  let n = 0;
  // Pushes answered (after any retries) before the LOAD_SECONDS were over: the rate sustained.
  let answeredInTime = 0;
  const ticker = (perSecond, fire) =>
    (async () => {
      const every = 1000 / perSecond;
      for (let k = 0; started + k * every < end; k++) {
        const wait = started + k * every - Date.now();
        if (wait > 0) await sleep(wait);
        fire(k);
      }
    })();
  const pushes = ticker(PUSHES_PER_SECOND, () => {
    const device = devices[Math.floor(Math.random() * devices.length)];
    if (device.pushing) return;
    device.pushing = true;
    track(
      push(state, stats.push, outcomes, device, ++n).finally(() => {
        device.pushing = false;
        if (Date.now() < end) answeredInTime++;
      }),
    );
  });
  const reports = ticker(REPORTS_PER_SECOND, (k) => {
    const officer = officers[k % officers.length];
    track(call(state, stats.report, 'GET', `/api/reports/daily?date=${TODAY}`, officer.token));
  });
  await Promise.all([pushes, reports]);
  while (pending.size > 0) await Promise.race(pending);
  const loadMs = Date.now() - started;
  const cpuAfter = cpuSnapshot();
  const replica = await lag.stop();

  // The checker: each device pulls to the end; its copy must be the primary's for its post.
  const check = series();
  for (const device of devices) await pullToEnd(state, check, device);
  const truth = new Map();
  const rows = psql(
    state.ports.primary,
    'SELECT id, version, entry_post_id FROM travelers WHERE deleted_at IS NULL',
    'border',
  )
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, version, postId] = line.split('\t');
      return { id, version: Number(version), postId };
    });
  for (const r of rows) {
    if (!truth.has(r.postId)) truth.set(r.postId, new Map());
    truth.get(r.postId).set(r.id, r.version);
  }
  let devicesDiffering = 0;
  let missing = 0;
  let stale = 0;
  let extra = 0;
  for (const device of devices) {
    const server = truth.get(device.officer.postId) ?? new Map();
    let differs = false;
    for (const [id, version] of server) {
      const mine = device.travelers.get(id);
      if (mine === undefined) missing++;
      else if (mine !== version) stale++;
      if (mine !== version) differs = true;
    }
    for (const id of device.travelers.keys()) {
      if (!server.has(id)) {
        extra++;
        differs = true;
      }
    }
    if (differs) devicesDiffering++;
  }
  // Exactly the creates the devices saw applied, each once (a retried push answers 'duplicate').
  const createdIds = new Set(devices.flatMap((d) => d.created));
  const onServer = new Set(rows.map((r) => r.id));
  const createdMissing = [...createdIds].filter((id) => !onServer.has(id)).length;
  return {
    name,
    loadMs,
    killedInstanceAtMs: killed,
    requests: { pull: summary(stats.pull), push: summary(stats.push), report: summary(stats.report) },
    pushesAnsweredPerSecond: Math.round((answeredInTime / LOAD_SECONDS) * 10) / 10,
    pushesPerSecond: Math.round((stats.push.ms.length / loadMs) * 10000) / 10,
    mutations: outcomes,
    // CPU ms of each part during the load (a killed instance's is lost with it), of the 2 cores'
    // 2 x loadMs.
    cpuMs: cpuByComponent(cpuBefore, cpuAfter, cpuAtKill),
    replicaLag: replica,
    failures: failures.slice(0, 5),
    failureCount: failures.length,
    checker: {
      devices: devices.length,
      devicesDiffering,
      travellersMissingOnDevices: missing,
      travellersStaleOnDevices: stale,
      travellersOnlyOnDevices: extra,
      createsApplied: createdIds.size,
      createsAppliedButAbsent: createdMissing,
      travellersOnServer: rows.length,
    },
  };
}

const loadBefore = loadavg();
let state;
const result = {
  devices: DEVICES,
  posts: POSTS,
  seconds: LOAD_SECONDS,
  pushesPerSecond: PUSHES_PER_SECOND,
  reportsPerSecond: REPORTS_PER_SECOND,
  runs: [],
};
try {
  state = await startCluster({ base, log: (l) => console.error(`# ${l}`) });
  // An experiment, not a setting to run with: PG_SYNCHRONOUS_COMMIT=off answers commits before
  // their WAL is on disk (a crash may lose the last ones) to see what the flush costs.
  if (process.env.PG_SYNCHRONOUS_COMMIT) {
    psql(state.ports.primary, `ALTER SYSTEM SET synchronous_commit = '${process.env.PG_SYNCHRONOUS_COMMIT}'`);
    psql(state.ports.primary, 'SELECT pg_reload_conf()');
    result.synchronousCommit = process.env.PG_SYNCHRONOUS_COMMIT;
  }
  const officers = await seed(state);
  // CLUSTER_PG_STATEMENTS=1 (scripts/cluster.mjs): the primary's costliest statements per run.
  const statements = process.env.CLUSTER_PG_STATEMENTS === '1';
  if (statements) psql(state.ports.primary, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements', 'border');
  const topStatements = () => {
    if (!statements) return undefined;
    const rows = psql(
      state.ports.primary,
      `SELECT round(total_exec_time)::int, round(total_plan_time)::int, calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 90)
         FROM pg_stat_statements ORDER BY ${process.env.CLUSTER_PG_STATEMENTS_ORDER === 'calls' ? 'calls' : 'total_exec_time + total_plan_time'} DESC LIMIT 25`,
      'border',
    );
    psql(state.ports.primary, 'SELECT pg_stat_statements_reset()', 'border');
    return rows
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [execMs, planMs, calls, query] = line.split('\t');
        return { execMs: Number(execMs), planMs: Number(planMs), calls: Number(calls), query };
      });
  };
  topStatements();
  console.error('# run 1: both instances');
  result.runs.push(await run(state, officers, 'two instances'));
  result.runs.at(-1).primaryStatements = topStatements();
  console.error('# run 2: instance 2 killed halfway');
  result.runs.push(
    await run(state, officers, `instance 2 killed at ${LOAD_SECONDS / 2} s`, (LOAD_SECONDS * 1000) / 2),
  );
  result.runs.at(-1).primaryStatements = topStatements();
} finally {
  await stopCluster(base, (l) => console.error(`# ${l}`));
}
result.loadAverageBefore = loadBefore.map((l) => Math.round(l * 100) / 100);
result.cpus = 2;
writeResult('cluster-load', result);
