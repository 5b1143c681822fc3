#!/usr/bin/env node
// Fast intake benchmark (issue 15): scan-to-saved time in Chromium on the built app. For each of
// N travellers a pre-arrival QR image (the payload of docs/qr-payload.md, as the public page makes
// it) is uploaded in the officer's scanner; timed from the image pick to the saved traveller and
// declaration (the app's own figure, and the wall time seen from the test). Writes
// bench/results/intake.json. Needs `npm run build` first (serves apps/web/dist).
import path from 'node:path';
import { chromium } from '@playwright/test';
import qrcode from 'qrcode-generator';
import { register } from 'tsx/esm/api';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { percentile, root, startServer, writeResult } from './travelers-fixture.mjs';

register();
const shared = await import('../packages/shared/src/index.ts');
const { validPreArrivalSubmission } = await import('../packages/shared/src/testing/fixtures.ts');

const N = Number(process.env.BENCH_INTAKE_N ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3292);

async function qrImage(i) {
  const submission = shared.preArrivalSubmissionSchema.parse({
    ...validPreArrivalSubmission,
    traveler: {
      ...validPreArrivalSubmission.traveler,
      passportNo: `C${String(7_000_000 + i)}`,
      fullName: `Khach ${i}`,
    },
  });
  const encoded = await shared.encodeQrPayload(submission);
  if (!encoded.ok) throw new Error('payload too large');
  const qr = qrcode(0, 'M');
  qr.addData(encoded.text, 'Alphanumeric');
  qr.make();
  const url = qr.createDataURL(6, 24);
  return { text: encoded.text, gif: Buffer.from(url.split(',')[1], 'base64'), modules: qr.getModuleCount() };
}

const server = await startServer({ port, webDist: path.join(root, 'apps/web/dist') });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await page.goto(`${server.base}/login`);
  await page.locator('#login-email').fill('inspector@demo.vn');
  await page.locator('#login-password').fill('Inspector@123');
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/entry-management');
  await page.getByTestId('scan-button').click();
  await page.getByTestId('scan-page').waitFor();

  const appMs = [];
  const wallMs = [];
  let payloadChars = 0;
  let modules = 0;
  for (let i = 0; i < N; i++) {
    const image = await qrImage(i);
    payloadChars = image.text.length;
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
    payloadChars,
    qrModules: modules,
    appMs: stats(appMs),
    wallMsIncludingClicks: stats(wallMs),
    goalMs: 5000,
  });
} finally {
  await browser.close();
  await server.stop();
}
