#!/usr/bin/env node
// Fast intake benchmark (issue 15): scan-to-saved time in Chromium on the built app. For each of
// N travellers a pre-arrival QR image (the payload of docs/qr-payload.md, as the public page makes
// it) is uploaded in the officer's scanner; timed from the image pick to the saved traveller and
// declaration (the app's own figure, and the wall time seen from the test). Writes
// bench/results/intake.json. Needs `npm run build` first (serves apps/web/dist).
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { percentile, root, startServer, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_INTAKE_N ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3292);

/** The public page fills in once; each traveller then differs by passport and name. */
async function fillOnce(page) {
  const form = page.getByTestId('pre-arrival-form');
  await form.locator('input[name="phone"]').fill('0987654321');
  await form.locator('select[name="nationality"]').selectOption('VN');
  await form.locator('select[name="gender"]').selectOption('female');
  await form.locator('input[name="flightNo"]').fill('VN123');
  await form.locator('select[name="origin"]').selectOption('NRT');
  await form.locator('select[name="destination"]').selectOption('SGN');
  await form.locator('input[name="bodyTemperature"]').fill('36.8');
  await form.locator('select[name="vaccinationStatus"]').selectOption('full');
  await form.locator('input[name="symptom-cough"]').check();
  await form.locator('input[name="commitment"]').check();
  await form.locator('input[name="consent"]').check();
}

/** The QR image the public page offers to save, for traveller i. */
async function qrImage(page, i) {
  const form = page.getByTestId('pre-arrival-form');
  await form.locator('input[name="fullName"]').fill(`Khach ${i}`);
  await form.locator('input[name="passportNumber"]').fill(`C${7_000_000 + i}`);
  await page.getByTestId('pre-arrival-submit').click();
  const href = await page.getByTestId('pre-arrival-save').getAttribute('href');
  const modules = Number(await page.getByTestId('pre-arrival-qr').getAttribute('data-modules'));
  await page.getByRole('button', { name: 'Edit my answers' }).click();
  return { gif: Buffer.from(href.split(',')[1], 'base64'), modules };
}

const server = await startServer({ port, webDist: path.join(root, 'apps/web/dist') });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const traveller = await (await browser.newContext()).newPage();
  await traveller.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await traveller.goto(`${server.base}/pre-arrival`);
  await fillOnce(traveller);
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await page.goto(`${server.base}/login`);
  await page.locator('#login-email').fill('inspector@demo.vn');
  await page.locator('#login-password').fill('Inspector@123');
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.base}/intake/scan`);
  await page.getByTestId('scan-page').waitFor();

  const appMs = [];
  const wallMs = [];
  let modules = 0;
  for (let i = 0; i < N; i++) {
    const image = await qrImage(traveller, i);
    modules = image.modules;
    const started = performance.now();
    await page
      .getByTestId('scan-upload')
      .setInputFiles({ name: 'qr.gif', mimeType: 'image/gif', buffer: image.gif });
    await page.getByTestId('review-save').click();
    const saved = page.getByTestId('review-saved');
    await saved.waitFor();
    wallMs.push(performance.now() - started);
    appMs.push(Number(await saved.getAttribute('data-ms')));
    await page.getByRole('button', { name: 'Scan another' }).click();
  }
  const stats = (values) => ({
    median: Math.round(percentile(values, 50)),
    p95: Math.round(percentile(values, 95)),
    max: Math.round(Math.max(...values)),
  });
  writeResult('intake', {
    bench: 'intake scan-to-saved (QR image upload -> review -> saved traveller + declaration)',
    travellers: N,
    qrModules: modules,
    appMs: stats(appMs),
    wallMsIncludingClicks: stats(wallMs),
    goalMs: 5000,
  });
} finally {
  await browser.close();
  await server.stop();
}
