/**
 * Fast intake by camera (issue 15): Chromium's fake camera plays a video of the QR code of a real
 * pre-arrival payload (built with the shared codec, drawn with qrcode-generator, written as Y4M
 * frames at test time into a temporary directory). The officer, offline, opens the scanner from
 * the list's Scan button and the camera; the code is decoded, the review opens, the officer
 * saves; back online the server has the traveller and the declaration exactly once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeQrPayload, preArrivalSubmissionSchema } from '@bh/shared';
import { validPreArrivalSubmission } from '@bh/shared/testing';
import { chromium, expect, test } from '@playwright/test';
import qrcode from 'qrcode-generator';
import { expectOnServerOnce, openScannerOffline } from './intake-helpers.ts';

/** Pixels per QR module and modules of white quiet zone around the code. */
const MODULE_PX = 8;
const QUIET_MODULES = 4;
/** Frames in the file (Chromium plays it in a loop, at 10 frames a second). */
const FRAMES = 5;

/**
 * A Y4M video (4:2:0, full-range luma) of the QR code of `text`, as the app draws it:
 * alphanumeric mode, error correction level M. Black modules are luma 0, the rest 255, and
 * both chroma planes are neutral grey (128).
 */
function qrVideo(text: string): Buffer {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  const modules = qr.getModuleCount();
  const side = (modules + 2 * QUIET_MODULES) * MODULE_PX; // a multiple of 8: even, as 4:2:0 needs
  const luma = Buffer.alloc(side * side, 255);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      const top = (row + QUIET_MODULES) * MODULE_PX;
      const left = (col + QUIET_MODULES) * MODULE_PX;
      for (let y = top; y < top + MODULE_PX; y++) luma.fill(0, y * side + left, y * side + left + MODULE_PX);
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

test('a QR held to the camera is read, reviewed and saved offline; the server has it exactly once', async ({
  baseURL,
  launchOptions,
}) => {
  test.setTimeout(240_000);
  // A passport no other run or spec uses (the server refuses a second one within a day).
  const passportNo = `K${String(Date.now()).slice(-7)}`;
  const submission = preArrivalSubmissionSchema.parse({
    ...validPreArrivalSubmission,
    traveler: { ...validPreArrivalSubmission.traveler, passportNo, fullName: 'Lê Văn Camera' },
  });
  const encoded = await encodeQrPayload(submission);
  if (!encoded.ok) throw new Error(`the test payload does not fit a QR code (${encoded.length})`);

  const dir = mkdtempSync(path.join(tmpdir(), 'bh-camera-'));
  const video = path.join(dir, 'qr.y4m');
  writeFileSync(video, qrVideo(encoded.text));
  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', permissions: ['camera'] });
    const page = await context.newPage();
    await openScannerOffline(page);

    await page.getByTestId('scan-camera').click();
    await expect(page.getByTestId('camera-scanner')).toBeVisible();
    const review = page.getByTestId('review-form');
    await expect(review).toBeVisible({ timeout: 30_000 });
    // The camera is off once a code is read.
    await expect(page.getByTestId('camera-scanner')).toHaveCount(0);
    await expect(review.locator('input[name="passportNo"]')).toHaveValue(passportNo);
    await expect(review.locator('input[name="fullName"]')).toHaveValue('Lê Văn Camera');
    await expect(page.getByTestId('review-duplicate')).toHaveCount(0);
    await page.getByTestId('review-save').click();
    const saved = page.getByTestId('review-saved');
    await expect(saved).toBeVisible();
    expect(Number(await saved.getAttribute('data-ms'))).toBeLessThan(5000);
    // Says who was saved, without a timing; offline, that it syncs later; links to the traveller.
    await expect(page.getByTestId('review-saved-text')).toContainText('Lê Văn Camera');
    await expect(saved).not.toContainText(' ms');
    await expect(page.getByTestId('review-saved-offline')).toBeVisible();
    await expect(page.getByTestId('review-saved-open')).toHaveAttribute('href', /\/entry-management\?open=/);

    const { traveler, declaration } = await expectOnServerOnce(page, passportNo);
    expect(traveler).toMatchObject({
      fullName: 'Lê Văn Camera',
      nationality: submission.traveler.nationality,
      flightNo: submission.traveler.flightNo,
    });
    expect(declaration).toMatchObject({
      phone: submission.declaration.phone,
      bodyTemperature: submission.declaration.bodyTemperature,
      medications: 'Paracetamol 500 mg',
    });
    await context.close();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
