#!/usr/bin/env node
// Sync benchmark (issue 5): 10,000 travellers created offline in Chromium (the app's real
// outbox in IndexedDB), then online, timed until all are on the server; in the same run the
// same number sent one REST call each (POST /api/travelers). Writes bench/results/sync.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { root, startServer, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_SYNC_N ?? 10_000);
const REST_N = Number(process.env.BENCH_REST_N ?? N);
const port = Number(process.env.BENCH_PORT ?? 3291);
const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-sync-'));
const dist = path.join(work, 'dist');

await build({
  root: path.join(root, 'bench/browser'),
  logLevel: 'warn',
  build: { outDir: dist, emptyOutDir: true },
});

const server = await startServer({ port, webDist: dist });
const base = server.base;
let context;
try {
  // An on-disk profile, as the peer bench uses: an off-the-record context keeps IndexedDB in
  // memory, which hides the per-transaction cost a real device pays.
  context = await chromium.launchPersistentContext(path.join(work, 'profile'), chromiumLaunchOptions);
  const count = async () => (await server.json('/api/sync/status')).counts.travelers;
  const before = await count();

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(base);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  // Log in from the page, as the app does, so the browser holds the refresh cookie too.
  const pageLogin = await page.evaluate(async () => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.vn', password: 'Admin@123' }),
    });
    return res.json();
  });
  await page.evaluate(({ user, token }) => window.bench.login(user, token), pageLogin);

  await context.setOffline(true);
  const local = await page.evaluate((n) => window.bench.createOffline(n), N);
  await context.setOffline(false);
  const sync = await page.evaluate(() => window.bench.syncUntilEmpty());
  const afterSync = await count();
  const rest = await page.evaluate(({ n, token }) => window.bench.restEach(n, token), {
    n: REST_N,
    token: pageLogin.token,
  });
  const afterRest = await count();

  const syncRate = (N / sync.ms) * 1000;
  const restRate = (REST_N / rest.ms) * 1000;
  const result = {
    bench: 'sync',
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    records: N,
    localWrite: {
      ms: Math.round(local.ms),
      recordsPerSec: Math.round((N / local.ms) * 1000),
      idbTransactions: local.transactions,
      idbRequests: local.requests,
    },
    offlineToServer: {
      ms: Math.round(sync.ms),
      recordsPerSec: Math.round(syncRate),
      syncRuns: sync.runs,
      pushRequests: sync.pushes,
      waitingOnPushMs: Math.round(sync.pushMs),
      waitingOnPullMs: Math.round(sync.pullMs),
      onServer: afterSync - before,
      phasesMs: Object.fromEntries(Object.entries(sync.phases).map(([k, v]) => [k, Math.round(v)])),
      // Push + acknowledge + pull-back, every IndexedDB transaction the sync opened.
      idbTransactions: sync.transactions,
      idbTransactionsPer100Records: Number(((sync.transactions / N) * 100).toFixed(2)),
      idbRequestsPerRecord: Number((sync.requests / N).toFixed(2)),
    },
    restOneCallEach: {
      records: REST_N,
      ms: Math.round(rest.ms),
      recordsPerSec: Math.round(restRate),
      onServer: afterRest - afterSync,
    },
    speedupVsRest: Number((syncRate / restRate).toFixed(1)),
    targets: { recordsPerSec: 1000, speedupVsRest: 10 },
    pass: syncRate >= 1000 && syncRate / restRate >= 10 && afterSync - before === N,
  };
  writeResult('sync', result);
} finally {
  await context?.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
