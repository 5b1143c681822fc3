#!/usr/bin/env node
// The dashboard computed on the device (issue 14): 100,000 local travellers (and 33,000
// declarations) in IndexedDB, then the app's own dashboardFigures() (apps/web/src/db/
// dashboard-repo.ts) over them. A node bench over fake-indexeddb (no browser): coldMs includes
// loading the in-memory traveller index from IndexedDB (once per app start, shared with the
// traveller list); p50/p95 are the recomputations after a change (what the screen pays).
// Target: p95 < 100 ms. Writes bench/results/dashboard.json.
import { createRequire } from 'node:module';
import path from 'node:path';
import { percentile, root, writeResult } from './travelers-fixture.mjs';

// IndexedDB for node, from the web workspace's test dependencies (as its unit tests use it).
// Loaded first: Dexie reads the global indexedDB when its module loads.
await import(createRequire(path.join(root, 'apps/web/package.json')).resolve('fake-indexeddb/auto'));
const { fillDashboardFixture } = await import('../apps/web/src/db/dashboard-fixture.ts');
const { dashboardFigures } = await import('../apps/web/src/db/dashboard-repo.ts');
const { PWADatabase } = await import('../apps/web/src/db/database.ts');
const { TravelerIndex } = await import('../apps/web/src/db/traveler-index.ts');

const N = Number(process.env.BENCH_DASHBOARD_N ?? 100_000);
const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? 30);
// 365 entry days: about 270 arrivals today, the lookup of today's declarations included.
const DAYS = 365;
const today = '2026-11-24';

const database = new PWADatabase('dashboard-bench');
await database.open();
const fillStart = performance.now();
await fillDashboardFixture(database, N, today, DAYS);
const fillMs = performance.now() - fillStart;
const index = new TravelerIndex(database);
const coldStart = performance.now();
index.start();
const first = await dashboardFigures(database, index, today);
const coldMs = performance.now() - coldStart;
const times = [];
for (let i = 0; i < ROUNDS; i++) {
  const started = performance.now();
  await dashboardFigures(database, index, today);
  times.push(performance.now() - started);
}
index.stop();
database.close();
const p95 = percentile(times, 95);
writeResult('dashboard', {
  name: 'dashboard',
  runtime: `node ${process.version} + fake-indexeddb (no browser)`,
  travelers: N,
  figures: first,
  fillMs: Math.round(fillMs),
  coldMs: Math.round(coldMs),
  rounds: ROUNDS,
  p50Ms: +percentile(times, 50).toFixed(1),
  p95Ms: +p95.toFixed(1),
  targetP95Ms: 100,
  pass: p95 < 100,
  note: 'coldMs: first computation including the traveller index load from IndexedDB; p50/p95: recomputations with the index loaded',
  at: new Date().toISOString(),
});
