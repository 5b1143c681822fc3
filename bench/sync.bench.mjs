#!/usr/bin/env node
// Sync benchmark (issue 5): 10,000 travellers created offline in Chromium (the app's real
// outbox in IndexedDB), then online, timed until all are on the server; in the same run the
// same number sent one REST call each (POST /api/travelers). Writes bench/results/sync.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { openBenchPage } from './bench-page.mjs';
import { chromiumCpuMs, postgresCpuMs, processCpuMs } from './cpu.mjs';
import { root, startServer, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_SYNC_N ?? 10_000);
// The one-call-each baseline is slow (about 100 calls/s): its rate from 1,000 calls is enough.
const REST_N = Number(process.env.BENCH_REST_N ?? Math.min(N, 1000));
const port = Number(process.env.BENCH_PORT ?? 3291);
const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-sync-'));
const dist = path.join(work, 'dist');

await build({
  root: path.join(root, 'bench/browser'),
  logLevel: 'warn',
  build: { outDir: dist, emptyOutDir: true, minify: process.env.BENCH_NO_MINIFY !== '1' },
});

const loadBefore = loadavg();
const server = await startServer({ port, webDist: dist });
const base = server.base;
const REPS = Number(process.env.BENCH_SYNC_REPS ?? 3);
const count = async () => (await server.json('/api/sync/status')).counts.travelers;

/** One trial on a fresh on-disk profile: N offline creates, then online until all are pushed. */
async function trial(rep, withRest) {
  // An on-disk profile, as the peer bench uses: an off-the-record context keeps IndexedDB in
  // memory, which hides the per-transaction cost a real device pays.
  const context = await chromium.launchPersistentContext(
    path.join(work, `profile-${rep}`),
    chromiumLaunchOptions,
  );
  try {
    const before = await count();
    const { page, token } = await openBenchPage(context, base);
    // The officer's device was in use before it went offline: it holds what the server held
    // (the earlier trials' travellers), as PouchDB's replication target starts empty per run.
    // Without this, trial n also pulled the (n-1) x N travellers of the earlier trials: 4,347,
    // 2,590 and 1,740 rec/s in one run of the same code.
    await page.evaluate(() => window.bench.catchUp());
    await context.setOffline(true);
    const local = await page.evaluate((n) => window.bench.createOffline(n), N);
    await context.setOffline(false);
    const profile = path.join(work, `profile-${rep}`);
    const cpu0 = {
      server: processCpuMs(server.pid),
      browser: chromiumCpuMs(profile),
      postgres: postgresCpuMs(),
    };
    // BENCH_SYNC_PROFILE=file.cpuprofile: the page's main-thread CPU profile of the sync runs.
    const profiler = process.env.BENCH_SYNC_PROFILE ? await context.newCDPSession(page) : null;
    await profiler?.send('Profiler.enable');
    await profiler?.send('Profiler.start');
    const sync = await page.evaluate(() => window.bench.syncUntilEmpty());
    if (profiler) {
      const { profile: cpuProfile } = await profiler.send('Profiler.stop');
      writeFileSync(process.env.BENCH_SYNC_PROFILE, JSON.stringify(cpuProfile));
    }
    const cpu1 = {
      server: processCpuMs(server.pid),
      browser: chromiumCpuMs(profile),
      postgres: postgresCpuMs(),
    };
    Object.assign(sync, await page.evaluate(() => window.bench.settle()));
    const cpu2 = chromiumCpuMs(profile);
    const since = (after, before) =>
      Object.fromEntries(Object.entries(after).map(([kind, ms]) => [kind, ms - (before[kind] ?? 0)]));
    const total = (byKind) => Object.values(byKind).reduce((a, b) => a + b, 0);
    const browserByKind = since(cpu1.browser, cpu0.browser);
    sync.cpuMs = {
      server: cpu1.server - cpu0.server,
      // PostgreSQL's processes (0 on PGlite, which runs inside the server process).
      postgres: cpu1.postgres - cpu0.postgres,
      browser: total(browserByKind),
      browserByKind,
      browserSettling: total(since(cpu2, cpu1.browser)),
    };
    const onServer = (await count()) - before;
    if (!withRest) return { local, sync, onServer };
    const afterSync = await count();
    // The baseline is secondary: a network error in its 1,000 calls must not lose the sync
    // figure measured just before (it is reported as failed instead).
    const rest = await page
      .evaluate(({ n, token }) => window.bench.restEach(n, token), { n: REST_N, token })
      .catch((err) => ({ ms: Number.NaN, error: String(err.message ?? err).slice(0, 200) }));
    return { local, sync, onServer, rest, restOnServer: (await count()) - afterSync };
  } finally {
    await context.close();
  }
}

try {
  const trials = [];
  for (let rep = 1; rep <= REPS; rep++) {
    trials.push(await trial(rep, rep === REPS));
    console.error(`sync bench trial ${rep}: ${Math.round((N / trials.at(-1).sync.ms) * 1000)} rec/s`);
  }
  // The median trial by push speed (the peer reports medians too); the REST baseline ran once.
  const byRate = [...trials].sort((a, b) => a.sync.ms - b.sync.ms);
  const { local, sync, onServer } = byRate[Math.floor((byRate.length - 1) / 2)];
  const { rest, restOnServer } = trials.at(-1);
  const syncRate = (N / sync.ms) * 1000;
  const restRate = (REST_N / rest.ms) * 1000;
  const result = {
    bench: 'sync',
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    records: N,
    // The machine's load (1, 5, 15 min) before and after: the figure is from a shared machine.
    loadAverage: { before: loadBefore.map((l) => +l.toFixed(2)), after: loadavg().map((l) => +l.toFixed(2)) },
    localWrite: {
      ms: Math.round(local.ms),
      recordsPerSec: Math.round((N / local.ms) * 1000),
      idbTransactions: local.transactions,
      idbRequests: local.requests,
    },
    offlineToServer: {
      ms: Math.round(sync.ms),
      recordsPerSec: Math.round(syncRate),
      // Until the last push was answered (every record on the server), without the pull-back
      // of the run (the server's 'created' events and other changes) that the figure above includes.
      untilAllPushedMs: Math.round(sync.untilPushedMs),
      // Until every record on the device shows "synced": the acknowledgement journal is folded
      // into the records after the run (apps/web/src/sync/ack-journal.ts), not inside it.
      untilSettledLocallyMs: Math.round(sync.settledMs),
      settleIdbTransactions: sync.settleTransactions,
      settleIdbRequests: sync.settleRequests,
      notSyncedAfterSettle: sync.stillPending,
      pushOnlyRecordsPerSec: Math.round((N / sync.untilPushedMs) * 1000),
      syncRuns: sync.runs,
      pushRequests: sync.pushes,
      // Pushes on the wire at the same time, at most (the device pipelines its batches).
      pushesInFlightMax: sync.maxInFlight,
      // Summed over pushes: with two on the wire at once it is more than the time they spanned.
      waitingOnPushMs: Math.round(sync.pushMs),
      waitingOnPullMs: Math.round(sync.pullMs),
      pulledChanges: sync.pulledChanges,
      onServer,
      // Every trial exactly once on the server, and the rate of each (the figure is the median).
      allOnServer: trials.every((t) => t.onServer === N),
      samplesRecordsPerSec: trials.map((t) => Math.round((N / t.sync.ms) * 1000)),
      // Each trial's pushes as [start, end] in ms from going online, to tell a slow trial's cause.
      pushesPerTrial: trials.map((t) =>
        t.sync.timeline.filter(([phase]) => phase === 'push').map(([, from, to]) => [from, to]),
      ),
      // Each phase summed over its calls: pushes overlap each other and the acknowledgements.
      phasesMs: Object.fromEntries(Object.entries(sync.phases).map(([k, v]) => [k, Math.round(v)])),
      // Each phase call as [phase, start, end] in ms from going online (pushes overlap).
      timeline: sync.timeline,
      // CPU time of the server process and of every browser process during the sync runs, and
      // the browser's while it folded the journal after them (the machine has two cores).
      cpuMs: sync.cpuMs,
      // Push + acknowledge + pull-back, every IndexedDB transaction the sync opened.
      idbTransactions: sync.transactions,
      idbTransactionsPer100Records: Number(((sync.transactions / N) * 100).toFixed(2)),
      idbRequestsPerRecord: Number((sync.requests / N).toFixed(2)),
    },
    restOneCallEach: {
      records: REST_N,
      ms: Math.round(rest.ms),
      recordsPerSec: Math.round(restRate),
      onServer: restOnServer,
      ...(rest.error ? { error: rest.error } : {}),
    },
    speedupVsRest: Number((syncRate / restRate).toFixed(1)),
    targets: { recordsPerSec: 1000, speedupVsRest: 10 },
    pass: syncRate >= 1000 && syncRate / restRate >= 10 && trials.every((t) => t.onServer === N),
  };
  // On PostgreSQL (scripts/with-postgres.mjs, as `npm run bench` runs it too) beside PGlite's.
  writeResult(process.env.DATABASE_URL ? 'sync-postgres' : 'sync', result);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
