#!/usr/bin/env node
// Fresh-device benchmark: the server holds N travellers (loaded by the CSV import, so each has
// its 'created' event too), and an empty Chromium profile (on disk) signs in and runs its first
// sync: every record pulled and saved in IndexedDB. Timed, with the main thread's long tasks
// (PerformanceObserver 'longtask') and the progress values the engine reported for the bar.
// Targets: N = 100,000 in < 10 s, no long task > 200 ms. Writes bench/results/fresh-device-pull.json.
// The app's traveller search index runs and follows the pull, as it always does after login (the
// list and dashboard read it): the pull's time is counted until the index holds every record too
// (indexSettledMs). BENCH_PULL_INDEX=0 leaves the index out; BENCH_PULL_N sets N; DATABASE_URL
// runs the server on PostgreSQL; BENCH_PULL_PROFILE=file.cpuprofile takes a CPU profile of the page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { openBenchPage } from './bench-page.mjs';
import { chromiumCpuMs, processCpuMs } from './cpu.mjs';
import { root, startServer, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_PULL_N ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3293);
const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-pull-'));
const dist = path.join(work, 'dist');
const TARGET_MS = 10_000;
const LONG_TASK_LIMIT_MS = 200;

const load = () => loadavg().map((l) => +l.toFixed(2));
const loadBefore = load();

await build({
  root: path.join(root, 'bench/browser'),
  logLevel: 'warn',
  build: { outDir: dist, emptyOutDir: true },
});

const server = await startServer({ port, webDist: dist });
let context;
try {
  // Loaded in slices of 50,000 (one 100,000-row body would pass the server's body limit); not timed.
  const loadMs = [];
  for (let at = 0; at < N; at += 50_000) loadMs.push(await server.load(Math.min(50_000, N - at), at));
  const status = await server.json('/api/sync/status');
  context = await chromium.launchPersistentContext(path.join(work, 'profile'), chromiumLaunchOptions);
  const { page } = await openBenchPage(context, server.base);
  const withIndex = process.env.BENCH_PULL_INDEX !== '0';
  const profileDir = path.join(work, 'profile');
  const cpuBefore = chromiumCpuMs(profileDir);
  const serverCpuBefore = processCpuMs(server.pid);
  const profiler = process.env.BENCH_PULL_PROFILE ? await context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  const run = await page.evaluate((w) => window.bench.pullFresh(w), withIndex);
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    writeFileSync(process.env.BENCH_PULL_PROFILE, JSON.stringify(profile));
  }
  const serverCpuMs = processCpuMs(server.pid) - serverCpuBefore;
  const cpuAfter = chromiumCpuMs(profileDir);
  const cpuMs = Object.fromEntries(
    Object.entries(cpuAfter).map(([kind, ms]) => [kind, ms - (cpuBefore[kind] ?? 0)]),
  );
  const longest = Math.max(0, ...run.longTasks);
  const result = {
    bench: 'fresh-device-pull',
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    travelersOnServer: status.counts.travelers,
    changesOnServer: status.maxChangeSeq,
    setupImportMs: loadMs.map(Math.round),
    pull: {
      ms: Math.round(run.ms),
      recordsPerSec: Math.round((run.pulled / run.ms) * 1000),
      pulled: run.pulled,
      travelersLocal: run.travelersLocal,
      ...(withIndex
        ? {
            indexEntries: run.indexEntries,
            indexSettledMs: Math.round(run.indexSettledMs),
            indexWork: run.indexWork,
          }
        : {}),
      waitingOnServerMs: Math.round(run.pullMs),
      // The pull lands its records packed (apps/web/src/db/landing/): readable at once, and
      // moved into their stores after the run in the background (hydratedMs from the start,
      // with the long tasks during that move).
      landed: run.landed,
      hydration: {
        hydratedMs: Math.round(run.hydratedMs),
        landedAfter: run.landedAfter,
        longTasks: run.hydrateLongTasks.length,
        longestTaskMs: Math.round(Math.max(0, ...run.hydrateLongTasks)),
      },
      phasesMs: Object.fromEntries(Object.entries(run.phases).map(([k, v]) => [k, Math.round(v)])),
      idbTransactions: run.transactions,
      idbRequests: run.requests,
      // The CPU the browser spent on the run and the hydration after it (ms, by process kind: the
      // renderer is the page's main thread and its workers; IndexedDB works in the browser or the
      // storage service).
      chromiumCpuMs: cpuMs,
      // The server's CPU over the run (answering the pull's pages).
      serverCpuMs,
      progressUpdates: run.progressUpdates,
      progressLast: run.progressLast,
    },
    longTasks: {
      count: run.longTasks.length,
      longestMs: Math.round(longest),
      over200ms: run.longTasks.filter((d) => d > LONG_TASK_LIMIT_MS).length,
      totalMs: Math.round(run.longTasks.reduce((a, b) => a + b, 0)),
    },
    targets: { ms: TARGET_MS, longestTaskMs: LONG_TASK_LIMIT_MS },
    loadAverage: { before: loadBefore, after: load() },
    // With the index, the pull is done for the officer once the list can show every record.
    pass:
      (withIndex ? run.indexSettledMs : run.ms) < TARGET_MS &&
      longest <= LONG_TASK_LIMIT_MS &&
      run.travelersLocal >= N &&
      (!withIndex || run.indexEntries >= N),
  };
  writeResult('fresh-device-pull', result);
} finally {
  await context?.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
