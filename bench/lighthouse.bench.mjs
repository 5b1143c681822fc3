#!/usr/bin/env node
// Load (issue 18 item 4): Lighthouse (from npm, Debian's Chromium) against the built app served
// by the real server, mobile preset (simulated slow 4G and CPU), performance only, for /login and
// /entry-management (without a session the latter shows the login screen: what a cold start
// loads), and the offline reload of a signed-in officer's list. Needs `npm run build` first.
// Each route is measured LIGHTHOUSE_RUNS times (default 3; the machine's load moves the score):
// the JSON keeps every run's score and the median run's figures, with the load average.
// Writes bench/results/lighthouse.json.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { root, startServer, writeResult } from './travelers-fixture.mjs';

const webDist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html')))
  throw new Error('apps/web/dist is not built: run npm run build');
const OFFLINE_RUNS = 5;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Signs the demo officer in, waits for the service worker, opens the list; returns the list. */
async function openListSignedIn(page) {
  await page.goto('/login');
  await page.locator('#login-email').fill('inspector@demo.vn');
  await page.locator('#login-password').fill('Inspector@123');
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await page.goto('/entry-management');
  const list = page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'));
  await list.waitFor({ timeout: 60_000 });
  return list;
}

/** The signed-in officer's list, then offline reloads of it, timed. */
async function offlineReload(browser, base) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const list = await openListSignedIn(page);
    await context.setOffline(true);
    const times = [];
    for (let i = 0; i < OFFLINE_RUNS; i++) {
      const t0 = Date.now();
      await page.reload();
      await list.waitFor();
      times.push(Date.now() - t0);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  } finally {
    await context.close();
  }
}

/** An audit's details (Lighthouse types them per audit; the bench reads a few fields). */
const details = (report, id) => report.audits[id]?.details;
/** The first page element an audit's details name (the LCP element of the LCP breakdown). */
function firstNode(value) {
  if (typeof value !== 'object' || value === null) return undefined;
  if (value.type === 'node' && typeof value.snippet === 'string') return value.snippet;
  for (const child of Object.values(value)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return undefined;
}
const median = (runs, key) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor(runs.length / 2)];
const load = () => loadavg().map((n) => +n.toFixed(2));
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 9339);
const signedInPort = debugPort + 1;
/** LIGHTHOUSE_RUNS runs of one page: every score, and the median run's figures. */
async function measure(url, flags = {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const loadBefore = load();
    const run = await lighthouse(url, {
      port: debugPort,
      onlyCategories: ['performance'],
      logLevel: 'error',
      ...flags,
    });
    if (!run) throw new Error(`lighthouse gave no result for ${url}`);
    const report = run.lhr;
    const ms = (id) => Math.round(report.audits[id]?.numericValue ?? 0);
    runs.push({
      performance: Math.round((report.categories.performance.score ?? 0) * 100),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      unusedJsKB: Math.round((report.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024),
      transferKB: Math.round((report.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
      clsScore: +(report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      speedIndexMs: ms('speed-index'),
      // What to fix next: the LCP element and the requests that block the first paint.
      lcpElement: firstNode(details(report, 'lcp-breakdown-insight')),
      renderBlocking: (details(report, 'render-blocking-insight')?.items ?? []).map((i) => i.url),
      // The elements that moved most (cumulative layout shift), with their share of the score.
      layoutShifts: (details(report, 'layout-shifts')?.items ?? [])
        .slice(0, 3)
        .map((i) => ({ score: +(i.score ?? 0).toFixed(3), node: i.node?.snippet })),
      loadAverage: loadBefore,
      // Lighthouse's own failure (a score of 0), e.g. a page that did not paint in its time.
      runtimeError: report.runtimeError?.code,
    });
  }
  return { ...median(runs, 'performance'), scores: runs.map((r) => r.performance) };
}

/** Signs the demo officer in, in a persistent profile listening on the debugging port, then runs fn. */
async function signedIn(base, fn) {
  const profile = mkdtempSync(path.join(tmpdir(), 'bh-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${signedInPort}`],
    baseURL: base,
  });
  try {
    const page = await context.newPage();
    await openListSignedIn(page);
    await page.close();
    return await fn(`${base}/entry-management`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3205), webDist });
let browser;
try {
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${debugPort}`],
  });
  const pages = {};
  for (const route of ['/login', '/entry-management']) pages[route] = await measure(`${server.base}${route}`);
  // A signed-in officer opening the list (the app installed: service worker and its cache there,
  // the session cookie kept), in a profile of its own that Lighthouse does not wipe.
  pages['/entry-management (signed in)'] = await signedIn(server.base, (url) =>
    measure(url, { disableStorageReset: true, port: signedInPort }),
  );
  const offlineReloadMs = await offlineReload(browser, server.base);
  writeResult('lighthouse', {
    bench: 'lighthouse',
    date: new Date().toISOString(),
    preset: 'mobile (Lighthouse default)',
    runs: RUNS,
    pages,
    target: { performance: 95 },
    // A signed-in officer's list reloaded with no network (service worker and IndexedDB), from
    // the reload to the rows on screen, median of OFFLINE_RUNS.
    offlineReloadMs,
    loadAverageAtEnd: load(),
    pass: Object.values(pages).every((p) => p.performance >= 95) && offlineReloadMs < 1000,
  });
} finally {
  await browser?.close();
  await server.stop();
}
