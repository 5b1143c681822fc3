/**
 * Fast intake end to end (issue 15): a traveller fills /pre-arrival offline and saves the QR
 * image; an officer, offline too, uploads that image in the scanner, reviews and saves; back
 * online the server has the traveller and the declaration exactly once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeQrPayload, preArrivalSubmissionSchema } from '@bh/shared';
import { validPreArrivalSubmission } from '@bh/shared/testing';
import { expect, type Page, test } from '@playwright/test';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { fillByName } from './helpers.ts';
import { apiGet, expectOnServerOnce, openScannerOffline } from './intake-helpers.ts';
import { fillDate, pickCountry } from './travelers-helpers.ts';

const PASSPORT = 'C7654321';

async function fillPreArrival(page: Page) {
  const form = page.getByTestId('pre-arrival-form');
  await fillByName(form, {
    fullName: 'Trần Thị Bích',
    passportNumber: PASSPORT,
    phone: '0987654321',
    gender: 'female',
    flightNo: 'VN123',
    origin: 'NRT',
    destination: 'SGN',
    bodyTemperature: '36.8',
    vaccinationStatus: 'full',
  });
  await pickCountry(page, 'trip-nationality', 'VN');
  await fillDate(page, form.getByTestId('trip-birthDate'), '1990-04-02');
  await form.locator('input[name="commitment"]').check();
  await form.locator('input[name="consent"]').check();
  await page.getByTestId('pre-arrival-submit').click();
}

test('pre-arrival QR made offline, imported offline by image upload, on the server exactly once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The traveller, on the plane: the page was opened before take-off.
  const travellerContext = await browser.newContext();
  const traveller = await travellerContext.newPage();
  await traveller.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await traveller.goto('/pre-arrival');
  await expect(traveller.getByTestId('pre-arrival-form')).toBeVisible();
  await travellerContext.setOffline(true);
  // Submitting with nothing filled shows the shared messages and changes nothing.
  await traveller.getByTestId('pre-arrival-submit').click();
  await expect(traveller.locator('form [aria-invalid="true"]').first()).toBeVisible();
  await fillPreArrival(traveller);
  await expect(traveller.getByTestId('pre-arrival-done')).toBeVisible();
  await expect(traveller.getByTestId('pre-arrival-code')).toHaveCount(0);
  const href = await traveller.getByTestId('pre-arrival-save').getAttribute('href');
  expect(href).toMatch(/^data:image\/gif;base64,/);
  const image = Buffer.from((href ?? '').split(',')[1] ?? '', 'base64');
  await travellerContext.close();

  // The officer, offline at the post.
  const officerContext = await browser.newContext();
  const page = await officerContext.newPage();
  await openScannerOffline(page);

  // A text that is no declaration: a clear error, nothing saved.
  await page.getByTestId('scan-text').fill('BH9:ABC');
  await page.getByTestId('scan-read').click();
  await expect(page.getByTestId('scan-error')).toContainText('QR scan error');

  await page
    .getByTestId('scan-upload')
    .setInputFiles({ name: 'qr.gif', mimeType: 'image/gif', buffer: image });
  const review = page.getByTestId('review-form');
  await expect(review).toBeVisible();
  await expect(review.locator('input[name="passportNo"]')).toHaveValue(PASSPORT);
  await expect(page.getByTestId('review-duplicate')).toHaveCount(0);
  // The code carries the traveller's consent to the privacy notice (payload version 3).
  await expect(page.getByTestId('review-consent')).toHaveAttribute('data-state', 'given');
  await page.getByTestId('review-save').click();
  const saved = page.getByTestId('review-saved');
  await expect(saved).toBeVisible();
  const ms = Number(await saved.getAttribute('data-ms'));
  expect(ms).toBeLessThan(5000);
  // Says what was saved and links to it; no developer timing; offline, it says it syncs later.
  await expect(page.getByTestId('review-saved-text')).toHaveText(
    `Saved Trần Thị Bích (${PASSPORT}) with the health declaration.`,
  );
  await expect(saved).not.toContainText(' ms');
  await expect(page.getByTestId('review-saved-offline')).toBeVisible();
  await expect(page.getByTestId('review-saved-open')).toHaveAttribute('href', /\/entry-management\?open=/);

  // Scanning the same QR again offers the update of the registered traveller, not a second one.
  await page.getByRole('button', { name: 'Scan another' }).click();
  await page
    .getByTestId('scan-upload')
    .setInputFiles({ name: 'qr.gif', mimeType: 'image/gif', buffer: image });
  await expect(page.getByTestId('review-duplicate')).toBeVisible();
  await page.getByTestId('review-save').click();
  await expect(page.getByTestId('review-saved')).toBeVisible();

  // Back online: one traveller with its declaration on the server.
  const { traveler, declaration } = await expectOnServerOnce(page, PASSPORT);
  expect(traveler).toMatchObject({ fullName: 'Trần Thị Bích', nationality: 'VN', gender: 'female' });
  expect(declaration).toMatchObject({ phone: '0987654321' });
  // The consent the code carried is on the server once, with the traveller (two saves, one consent).
  const consents = async () =>
    ((await apiGet(page, `/api/travelers/${traveler.id}/events`)).body?.items ?? []).filter(
      (e: { kind: string }) => e.kind === 'consent',
    );
  await expect.poll(async () => (await consents()).length, { timeout: 60_000 }).toBe(1);
  expect((await consents())[0]).toMatchObject({ noticeVersion: expect.stringMatching(/^1\.\d+$/) });
  await officerContext.close();
  console.log(JSON.stringify({ scanToSavedMs: ms }));
});

test('a passport photo is read offline: its machine-readable zone fills the review, marked as read by OCR', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A generated specimen passport, photographed tilted, blurred and noisy, JPEG quality 60
  // (bench/make-mrz-fixture.mjs); its zone is in passport-mrz.txt.
  const fixtures = path.join(import.meta.dirname, 'fixtures');
  const photo = readFileSync(path.join(fixtures, 'passport-mrz.jpg'));
  const zone = readFileSync(path.join(fixtures, 'passport-mrz.txt'), 'utf8').trim().split('\n');
  // The OCR's worker and WebAssembly run under the app's own Content-Security-Policy.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, '__csp', seen);
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await openScannerOffline(page);
  await page
    .getByTestId('scan-upload')
    .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: photo });
  const review = page.getByTestId('review-form');
  await expect(review).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('ocr-notice')).toContainText('Read from the picture');
  const number = (zone[1] ?? '').slice(0, 9).replace(/</g, '');
  await expect(review.locator('input[name="passportNo"]')).toHaveValue(number);
  const [surname = '', given = ''] = (zone[0] ?? '').slice(5).replace(/<+$/, '').split('<<');
  await expect(review.locator('input[name="fullName"]')).toHaveValue(
    `${surname} ${given.replace(/</g, ' ')}`,
  );
  // Every check digit held: no field carries the check-digit error.
  await expect(review.locator('[aria-invalid="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => Reflect.get(window, '__csp'))).toEqual([]);
});

test('a declaration in a PDF417 or an Aztec code is read like its QR code', async ({ page }) => {
  test.setTimeout(240_000);
  const passportNo = `A${String(Date.now()).slice(-7)}`;
  const submission = preArrivalSubmissionSchema.parse({
    ...validPreArrivalSubmission,
    traveler: { ...validPreArrivalSubmission.traveler, passportNo, fullName: 'Phạm Văn Mã' },
  });
  const encoded = await encodeQrPayload(submission);
  if (!encoded.ok) throw new Error('the test payload does not fit a code');
  const wasm = path.join(
    import.meta.dirname,
    '../../../node_modules/zxing-wasm/dist/writer/zxing_writer.wasm',
  );
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer } });
  await openScannerOffline(page);
  for (const format of ['PDF417', 'Aztec'] as const) {
    const written = await writeBarcode(encoded.text, { format, scale: 3 });
    if (!written.image) throw new Error(`${format}: ${written.error}`);
    await page.getByTestId('scan-upload').setInputFiles({
      name: `${format}.png`,
      mimeType: 'image/png',
      buffer: Buffer.from(await written.image.arrayBuffer()),
    });
    const review = page.getByTestId('review-form');
    await expect(review).toBeVisible();
    await expect(review.locator('input[name="passportNo"]')).toHaveValue(passportNo);
    await expect(page.getByTestId('ocr-notice')).toHaveCount(0);
    // Back to the scanner for the next code (the scan screen again, offline from the cache).
    await page.reload();
    await expect(page.getByTestId('scan-page')).toBeVisible();
  }
});
