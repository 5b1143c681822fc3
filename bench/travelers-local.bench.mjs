#!/usr/bin/env node
// Local traveller register at scale (issue 6), in Chromium with the built app:
// 1. a fresh device logs in and pulls 100,000 travellers from the server through the app's
//    real sync engine (timed until IndexedDB holds them all; target < 60 s);
// 2. the entry-management list over those 100,000 local records: filter time (the in-memory
//    index's 'travelers-search' user-timing entries; target < 100 ms), rows in the DOM
//    (virtualised: a few dozen), and the index load time after a reload.
// Writes bench/results/travelers-local.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { fillDate, pickCountry } from '../apps/web/e2e/travelers-helpers.ts';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { percentile, root, startServer, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_TRAVELERS_N ?? 100_000);
const dist = mkdtempSync(path.join(tmpdir(), 'bh-bench-web-'));
await build({
  root: path.join(root, 'apps/web'),
  logLevel: 'warn',
  build: { outDir: dist, emptyOutDir: true },
});
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3203), webDist: dist });
const browser = await chromium.launch(chromiumLaunchOptions);
const idbCount = () =>
  new Promise((resolve) => {
    const open = indexedDB.open('PWADatabase');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      try {
        const req = open.result.transaction('travelers').objectStore('travelers').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(0);
      } catch {
        resolve(0);
      }
    };
  });
try {
  await server.load(N);
  const expected = N + 3; // plus the spec's three demo travellers
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${server.base}/login`);
  await page.locator('#login-email').fill('inspector@demo.vn');
  await page.locator('#login-password').fill('Inspector@123');
  const pullStarted = Date.now();
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  // Home is the work queue (/dashboard); the list opens in the app, as an officer's tap does. A
  // page load starts locked (docs/decisions/016-encryption-at-rest.md): the unlock screen is
  // answered with the password whenever it shows (the reload below).
  await page.waitForURL('**/dashboard');
  await page.addLocatorHandler(page.getByTestId('unlock-screen'), async () => {
    await page.getByTestId('unlock-password').fill('Inspector@123');
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('unlock-screen').waitFor({ state: 'detached' });
  });
  await page.evaluate(() => {
    history.pushState({}, '', '/entry-management');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL('**/entry-management');
  let sawProgressBar = false;
  let held = 0;
  while (held < expected) {
    if (Date.now() - pullStarted > 300_000) throw new Error(`pull stalled at ${held}`);
    await page.waitForTimeout(250);
    sawProgressBar ||= (await page.getByTestId('pull-progress').count()) > 0;
    held = await page.evaluate(idbCount);
  }
  const pullMs = Date.now() - pullStarted;
  await page
    .getByTestId('travelers-count')
    .filter({ hasText: String(expected).slice(0, 3) })
    .waitFor({ timeout: 120_000 });

  const filters = [
    { fullName: 'tanaka yuki' },
    { passportNo: 'jp00012' },
    { nationality: 'VN' },
    { entryDateFrom: '2025-03-01', entryDateTo: '2025-03-07' },
    { fullName: 'smith', nationality: 'GB' },
    { fullName: 'zzzz' },
    {},
  ];
  const searchMs = [];
  for (let round = 0; round < 3; round++) {
    for (const f of filters) {
      await page.getByTestId('search-clear').click();
      for (const [k, v] of Object.entries(f)) {
        // As an officer fills the search panel (the e2e helpers: a country picked from the
        // filtered list, dates typed segment by segment).
        if (k === 'nationality') await pickCountry(page, 'search-nationality', v);
        else if (k === 'fullName' || k === 'passportNo') await page.locator(`#search-${k}`).fill(v);
        else await fillDate(page, page.getByTestId(`search-${k}`), v);
      }
      const before = await page.evaluate(() => performance.getEntriesByName('travelers-search').length);
      await page.getByTestId('search-submit').click();
      await page.waitForFunction((n) => performance.getEntriesByName('travelers-search').length > n, before);
      searchMs.push(
        await page.evaluate(() => performance.getEntriesByName('travelers-search').at(-1).duration),
      );
    }
  }
  await page.getByTestId('search-clear').click();
  await page.waitForTimeout(300);
  const rowsInDom = await page.getByTestId('traveler-row').count();
  await page.reload();
  await page.getByTestId('travelers-count').waitFor({ timeout: 120_000 });
  const indexLoadMs = await page.evaluate(
    () => performance.getEntriesByName('travelers-index-load').at(-1)?.duration ?? null,
  );

  const result = {
    name: 'travelers-local',
    travelers: expected,
    pull: {
      ms: pullMs,
      recordsPerSecond: Math.round(expected / (pullMs / 1000)),
      targetMs: 60_000,
      pass: pullMs < 60_000,
      progressBarShown: sawProgressBar,
      path: 'app sync engine (apps/web/src/sync) pulling GET /api/sync/pull into IndexedDB',
    },
    search: {
      samples: searchMs.length,
      p50Ms: +percentile(searchMs, 50).toFixed(1),
      p95Ms: +percentile(searchMs, 95).toFixed(1),
      maxMs: +Math.max(...searchMs).toFixed(1),
      targetMs: 100,
      pass: percentile(searchMs, 95) < 100,
    },
    rowsInDom,
    indexLoadMs: indexLoadMs === null ? null : Math.round(indexLoadMs),
    at: new Date().toISOString(),
  };
  writeResult('travelers-local', result);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
}
