#!/usr/bin/env node
// Reports at scale (issue 14), on PostgreSQL: 1,000,000 travellers (two years of arrivals),
// 900,000 health declarations and 3,000,000 timeline events (traveler_events: created,
// declared, status_changed) are written with set-based SQL; then the real server answers
// GET /api/reports/monthly and /daily, timed from the client (HTTP included; the quarantine
// figures read the status changes, and the quarantined travellers merge-joined with their
// check-ins, docs/decisions/008-report-queries.md). Targets:
// monthly p95 < 300 ms, daily p95 < 100 ms. The status-change query is also timed on its own.
// Smaller runs: BENCH_REPORT_TRAVELERS, BENCH_REPORT_EVENTS, BENCH_REPORT_ROUNDS.
// Without DATABASE_URL it runs itself under scripts/with-postgres.mjs (a throw-away
// PostgreSQL 15 on PG_TEST_PORT). Writes bench/results/reports.json.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { percentile, root, startServer, writeResult } from './travelers-fixture.mjs';

// The server's PostgreSQL driver, loaded from the server workspace (whose dependency it is).
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');

if (!process.env.DATABASE_URL) {
  const r = spawnSync(
    process.execPath,
    [
      'scripts/with-postgres.mjs',
      process.execPath,
      '--import',
      'tsx',
      path.join('bench', 'reports.bench.mjs'),
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  process.exit(r.status ?? 1);
}

const TRAVELERS = Number(process.env.BENCH_REPORT_TRAVELERS ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_REPORT_EVENTS ?? 3_000_000);
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 30);
const TZ = 'Asia/Ho_Chi_Minh';
const DAYS = 730; // arrivals spread over 2025 and 2026

/** The status-change part of the quarantine figures (modules/reports/quarantine-source.ts), timed alone. */
const QUARANTINE_FROM_EVENTS = `SELECT
  count(*) FILTER (WHERE to_status = 'quarantine') AS started,
  count(*) FILTER (WHERE from_status = 'quarantine' AND to_status = 'cleared') AS released,
  count(*) FILTER (WHERE to_status = 'referred') AS referred
FROM traveler_events
WHERE kind = 'status_changed' AND deleted_at IS NULL AND occurred_at >= $1 AND occurred_at < $2`;

const day0 = `date '2025-01-01'`;
/** Arrival moment of traveller i: its entry day, at a time of day spread over the day. */
const arrival = (i) =>
  `((${day0} + (${i} % ${DAYS}))::timestamp AT TIME ZONE '${TZ}' + ((${i} * 37) % 86400) * interval '1 second')`;
const tid = (i) => `md5('t' || ${i})::uuid`;

async function load(client) {
  const t0 = performance.now();
  const step = async (label, q) => {
    const s = performance.now();
    await client.query(q);
    console.log(`  ${label}: ${((performance.now() - s) / 1000).toFixed(1)} s`);
  };
  await step(
    `${TRAVELERS} travellers`,
    `INSERT INTO travelers (id, full_name, passport_no, nationality, entry_date, status, version, created_at, updated_at, change_seq, entry_post_id)
     SELECT ${tid('i')}, 'Traveller ' || i, 'P' || lpad(i::text, 8, '0'),
       (ARRAY['VN','US','JP','KR','CN','TH','SG','MY','AU','GB','FR','DE'])[1 + i % 12],
       ${day0} + (i % ${DAYS}),
       (ARRAY['pending','declared','declared','declared','tested','cleared','cleared','cleared','cleared','quarantine',
              'declared','cleared','tested','declared','cleared','rejected','declared','cleared','referred','declared'])[1 + (i * 7) % 20],
       1, ${arrival('i')}, ${arrival('i')} + interval '2 hours', i, gen_random_uuid()
     FROM generate_series(1, ${TRAVELERS}) AS i`,
  );
  await step(
    'declarations',
    `INSERT INTO health_declarations (id, traveler_id, full_name, passport_number, phone, body_temperature, vaccination_status,
       symptoms, contact_history, risk_zones, commitment, system_mode, risk_score, risk_level, risk_factors, rule_version,
       version, created_at, updated_at, change_seq)
     SELECT md5('d' || i)::uuid, ${tid('i')}, 'Traveller ' || i, 'P' || lpad(i::text, 8, '0'), '0912345678', 36.6, 'full',
       '[]', '{}', '[]', true, 'pandemic', 0,
       (ARRAY['low','low','low','low','low','low','low','medium','medium','high'])[1 + (i * 3) % 10], '[]', '1',
       1, ${arrival('i')} + interval '30 minutes', ${arrival('i')} + interval '30 minutes', i
     FROM generate_series(1, ${TRAVELERS}) AS i WHERE i % 10 <> 0`,
  );
  // created (one per traveller), declared (one per declaration), the rest status changes.
  const declared = TRAVELERS - Math.floor(TRAVELERS / 10);
  const changes = Math.max(0, EVENTS - TRAVELERS - declared);
  await step(
    `${EVENTS} events`,
    `INSERT INTO traveler_events (id, traveler_id, kind, occurred_at, from_status, to_status, version, change_seq)
     SELECT md5('c' || i)::uuid, ${tid('i')}, 'created', ${arrival('i')}, NULL, NULL, 1, i FROM generate_series(1, ${TRAVELERS}) AS i
     UNION ALL
     SELECT md5('e' || i)::uuid, ${tid('i')}, 'declared', ${arrival('i')} + interval '30 minutes', NULL, NULL, 1, i
       FROM generate_series(1, ${TRAVELERS}) AS i WHERE i % 10 <> 0
     UNION ALL
     SELECT md5('s' || j)::uuid, ${tid(`j % ${TRAVELERS} + 1`)}, 'status_changed',
       ${arrival(`(j % ${TRAVELERS} + 1)`)} + (1 + j % 14) * interval '1 day',
       (ARRAY['declared','declared','tested','quarantine','quarantine','declared'])[1 + j % 6],
       (ARRAY['cleared','quarantine','cleared','cleared','referred','tested'])[1 + j % 6], 1, j
     FROM generate_series(1, ${changes}) AS j`,
  );
  // Every quarantined traveller (a twentieth) follows a 14-day schedule from its entry day with
  // a check-in on the first day: the overdue figure looks each one up in check_ins.
  await step(
    'quarantine schedules and check-ins',
    `UPDATE travelers SET quarantine_start = entry_date, quarantine_days = 14 WHERE status = 'quarantine';
     INSERT INTO check_ins (id, traveler_id, date, checked_at, temperature, symptoms, version, change_seq)
     SELECT md5('k' || id::text)::uuid, id, quarantine_start, quarantine_start + time '09:00', 36.8, '{}', 1, 0
     FROM travelers WHERE status = 'quarantine'`,
  );
  await step('vacuum analyze', 'VACUUM ANALYZE');
  return performance.now() - t0;
}

async function time(label, rounds, run) {
  await run(); // cold
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const r = { p50Ms: +percentile(times, 50).toFixed(1), p95Ms: +percentile(times, 95).toFixed(1) };
  console.log(`  ${label}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
  return r;
}

process.env.DEMO = '1';
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3204) });
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  console.log('loading (set-based SQL):');
  const loadMs = await load(client);
  const months = ['2025-03', '2025-08', '2026-01', '2026-06'];
  const days = ['2025-03-14', '2025-11-02', '2026-04-30', '2026-09-09'];
  const fetchReport = async (url) => {
    const res = await fetch(`${server.base}${url}`, { headers: server.headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  let i = 0;
  // A shared machine: the load average beside the figures says how far to trust them.
  const loadBefore = loadavg()[0];
  console.log(`timing (load average ${loadBefore.toFixed(1)}):`);
  const monthly = await time('GET /api/reports/monthly', ROUNDS, () =>
    fetchReport(`/api/reports/monthly?month=${months[i++ % 4]}`),
  );
  const daily = await time('GET /api/reports/daily', ROUNDS, () =>
    fetchReport(`/api/reports/daily?date=${days[i++ % 4]}`),
  );
  const sample = await fetchReport('/api/reports/monthly?month=2026-01');
  const bounds = (from, to) => [`${from}T00:00:00+07:00`, `${to}T00:00:00+07:00`];
  const monthBounds = [bounds('2026-01-01', '2026-02-01'), bounds('2025-08-01', '2025-09-01')];
  const dayBounds = [bounds('2026-04-30', '2026-05-01'), bounds('2025-11-02', '2025-11-03')];
  const qMonth = await time('quarantine from events, month (SQL)', ROUNDS, () =>
    client.query(QUARANTINE_FROM_EVENTS, monthBounds[i++ % 2]),
  );
  const qDay = await time('quarantine from events, day (SQL)', ROUNDS, () =>
    client.query(QUARANTINE_FROM_EVENTS, dayBounds[i++ % 2]),
  );
  const counts = (
    await client.query(`SELECT (SELECT count(*) FROM travelers) AS travelers, (SELECT count(*) FROM health_declarations) AS declarations,
      (SELECT count(*) FROM traveler_events) AS events, (SELECT count(*) FROM check_ins) AS check_ins`)
  ).rows[0];
  writeResult('reports', {
    name: 'reports',
    database: 'postgresql',
    travelers: Number(counts.travelers),
    declarations: Number(counts.declarations),
    events: Number(counts.events),
    checkIns: Number(counts.check_ins),
    loadMs: Math.round(loadMs),
    rounds: ROUNDS,
    note: 'HTTP p50/p95 of the report routes, quarantine figures from status-change events and check-ins included; quarantineFromEvents: the status-change query alone, in SQL',
    monthly: { ...monthly, arrivalsInSample: sample.arrivals, declarationsInSample: sample.declarations },
    daily,
    quarantineFromEvents: { month: qMonth, day: qDay },
    quarantineInSample: sample.quarantine,
    loadAverage: { before: +loadBefore.toFixed(1), after: +loadavg()[0].toFixed(1) },
    targets: { monthlyP95Ms: 300, dailyP95Ms: 100 },
    pass: monthly.p95Ms < 300 && daily.p95Ms < 100,
    at: new Date().toISOString(),
  });
} finally {
  await client.end();
  await server.stop();
}
