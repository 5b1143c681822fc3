#!/usr/bin/env node
// Writes apps/web/e2e/fixtures/passport-mrz.jpg (and its zone, passport-mrz.txt): a generated
// specimen passport (bench/browser/mrz-specimen.ts, the scan bench's generator) photographed
// badly, the first seed from MRZ_FIXTURE_SEED (1) whose every check digit the app's reader gets
// right with no correction, so the e2e test of a photo upload does not depend on the OCR's misses.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { scanEngines } from '../apps/web/build/scan-engines.ts';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { root } from './travelers-fixture.mjs';

const port = Number(process.env.BENCH_PORT ?? 3294);
const work = mkdtempSync(path.join(tmpdir(), 'bh-mrz-fixture-'));
const pageRoot = path.join(root, 'bench/browser');
await build({
  root: pageRoot,
  logLevel: 'warn',
  plugins: [scanEngines()],
  build: { outDir: path.join(work, 'dist'), rollupOptions: { input: path.join(pageRoot, 'scan.html') } },
});
const server = await preview({
  root: pageRoot,
  logLevel: 'warn',
  build: { outDir: path.join(work, 'dist') },
  preview: { port, strictPort: true, host: '127.0.0.1' },
});
const font = readFileSync('/usr/share/fonts/opentype/ocr-b/OCRB.otf').toString('base64');
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/scan.html`);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  for (let seed = Number(process.env.MRZ_FIXTURE_SEED ?? 1); ; seed++) {
    const sample = await page.evaluate(([s, f]) => window.scanBench.sample(s, 'TD3', f), [seed, font]);
    console.log(seed, sample.read?.text === sample.truth ? 'read right' : 'missed');
    if (sample.read?.text !== sample.truth || sample.read.corrections !== 0) continue;
    const dir = path.join(root, 'apps/web/e2e/fixtures');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'passport-mrz.jpg'), Buffer.from(sample.jpeg, 'base64'));
    writeFileSync(path.join(dir, 'passport-mrz.txt'), `${sample.truth}\n`);
    console.log(`seed ${seed}:\n${sample.truth}`);
    break;
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  rmSync(work, { recursive: true, force: true });
}
