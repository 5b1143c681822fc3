#!/usr/bin/env node
// The dashboard computed on the device (issue 14), where an officer runs it: in Chromium, over
// 100,000 local travellers (and 33,000 declarations) in IndexedDB on an on-disk profile, with
// the app's own dashboardFigures() (apps/web/src/db/dashboard-repo.ts; page:
// bench/browser/dashboard-bench-entry.ts). The fixture is written in one page load and measured
// in the next, so coldMs includes loading the in-memory traveller index from IndexedDB (once per
// app start, shared with the traveller list); p50/p95 are the recomputations after a change
// (each round writes one intake: a traveller arriving today and its high-risk declaration; the
// time runs from the write to the new figures, the index catching up included). Target: p95 < 100 ms. Writes bench/results/dashboard.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { root, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_DASHBOARD_N ?? 100_000);
const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3292);
// 365 entry days: about 270 arrivals today, the lookup of today's declarations included.
const DAYS = 365;
// Quarantine schedules for the quarantined arrivals of the last 14 days (about 700, none checked
// in: all overdue), so the overdue figure's read of their check-ins is timed too. 0: none.
const SCHEDULES = process.env.BENCH_DASHBOARD_SCHEDULES !== '0';
const today = '2026-11-24';

const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-dashboard-'));
const dist = path.join(work, 'dist');
const pageRoot = path.join(root, 'bench/browser');
await build({
  root: pageRoot,
  logLevel: 'warn',
  build: { outDir: dist, emptyOutDir: true, rollupOptions: { input: path.join(pageRoot, 'dashboard.html') } },
});
const server = await preview({
  root: pageRoot,
  logLevel: 'warn',
  build: { outDir: dist },
  preview: { port, strictPort: true, host: '127.0.0.1' },
});
const url = `http://127.0.0.1:${port}/dashboard.html`;
// An on-disk profile: an off-the-record context keeps IndexedDB in memory, which a device does not.
const context = await chromium.launchPersistentContext(path.join(work, 'profile'), chromiumLaunchOptions);
const loadBefore = loadavg();
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const open = async () => {
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  };
  await open();
  const fill = await page.evaluate(
    ([n, day, days, schedules]) => window.dashboardBench.fill(n, day, days, schedules),
    [N, today, DAYS, SCHEDULES],
  );
  // A fresh page: the measurement starts from what is on disk, as an app start does.
  await open();
  const run = await page.evaluate(
    ([rounds, day]) => window.dashboardBench.measure(rounds, day),
    [ROUNDS, today],
  );
  const p95 = run.p95Ms;
  writeResult('dashboard', {
    name: 'dashboard',
    runtime: `Chromium (${run.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'unknown'}), IndexedDB on disk`,
    travelers: N,
    quarantineSchedules: SCHEDULES,
    figures: run.figures,
    figuresAfterRounds: run.after,
    fillMs: Math.round(fill.ms),
    coldMs: Math.round(run.coldMs),
    rounds: ROUNDS,
    p50Ms: +run.p50Ms.toFixed(1),
    p95Ms: +p95.toFixed(1),
    maxMs: Math.round(Math.max(...run.times)),
    indexPassP95Ms: +run.indexPassP95Ms.toFixed(1),
    declarationsReadP95Ms: +run.declarationsReadP95Ms.toFixed(1),
    samplesMs: run.times.map((t) => Math.round(t)),
    targetP95Ms: 100,
    pass: p95 < 100,
    // The machine's load (1, 5, 15 min) before and after: the figure is from a shared machine.
    loadAverage: { before: loadBefore.map((l) => +l.toFixed(2)), after: loadavg().map((l) => +l.toFixed(2)) },
    note: "coldMs: first computation including the traveller index load from IndexedDB; p50/p95: from writing one intake (traveller + declaration) to the new figures, the index loaded; indexPassP95Ms: one pass over the index entries alone; declarationsReadP95Ms: reading today's arrivals' declarations by key, what each recomputation paid before the risk cache (apps/web/src/db/dashboard-risk-cache.ts)",
    at: new Date().toISOString(),
  });
} finally {
  await context.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  rmSync(work, { recursive: true, force: true });
}
