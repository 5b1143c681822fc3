/**
 * The traveller's rights end to end (issue 33 point 7): the pre-arrival form cannot be sent
 * without the consent to its privacy notice; an admin downloads everything held about a
 * traveller, then erases it, and the app shows the anonymised record and holds no copy of its
 * document any more. Screenshots of the consent step and of the admin's section go to /tmp/shots.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { validDeclarationForm } from '@bh/shared/testing';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, fillByName, loginAs } from './helpers.ts';
import { fillDate, pickCountry, rowOf, search, uniq } from './travelers-helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n% privacy-rights test result\n%%EOF\n');

/**
 * Stores copies of uploaded files in the device's store `fileBlobs` as the app keeps a document
 * picked on it once uploaded (in clear here: the sweep reads ids and statuses only).
 */
function keepFiles(page: Page, ids: string[]) {
  return page.evaluate(
    (fileIds) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('fileBlobs', 'readwrite');
          for (const id of fileIds) {
            const blob = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
            tx.objectStore('fileBlobs').put({
              id,
              blob,
              name: 'xet-nghiem.pdf',
              type: 'application/pdf',
              size: blob.size,
              fileType: 'health_test_result',
              status: 'uploaded',
              serverId: id,
              createdAt: Date.now(),
            });
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    ids,
  );
}

/** The ids of the files the device holds, sorted. */
function heldFiles(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('fileBlobs', 'readonly').objectStore('fileBlobs').getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result.map(String).sort());
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

async function fillPreArrival(page: Page, passport: string) {
  const form = page.getByTestId('pre-arrival-form');
  await fillByName(form, {
    fullName: 'Lê Văn Đồng Ý',
    passportNumber: passport,
    phone: '0987654321',
    gender: 'male',
    flightNo: 'VN123',
    origin: 'NRT',
    destination: 'SGN',
    bodyTemperature: '36.8',
    vaccinationStatus: 'full',
  });
  await pickCountry(page, 'trip-nationality', 'VN');
  await fillDate(page, form.getByTestId('trip-birthDate'), '1990-04-02');
  await form.locator('input[name="commitment"]').check();
}

test('the pre-arrival form cannot be sent without consent to the privacy notice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    if (!localStorage.getItem('app-locale')) localStorage.setItem('app-locale', 'en');
  });
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/pre-arrivals')) posted.push(r.postData() ?? '');
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/pre-arrival');
  const consent = page.getByTestId('privacy-consent');
  await expect(consent).toContainText('What we collect');
  await expect(page.getByTestId('privacy-retention')).toContainText('60 months');
  await fillPreArrival(page, `C${String(Date.now()).slice(-7)}`);
  await page.getByTestId('pre-arrival-submit').click();
  await expect(
    consent.getByText('Please read the privacy notice and agree to it to send the form'),
  ).toBeVisible();
  await expect(page.getByTestId('privacy-consent-box')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('pre-arrival-done')).toHaveCount(0);
  await consent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/privacy-consent-en-1440.png' });
  expect(posted).toEqual([]);

  await page.getByTestId('privacy-consent-box').check();
  await page.getByTestId('pre-arrival-submit').click();
  await expect(page.getByTestId('pre-arrival-code')).toBeVisible({ timeout: 20_000 });
  expect(posted).toHaveLength(1);
  expect(JSON.parse(posted[0] ?? '{}').consent).toEqual({ accepted: true, noticeVersion: '1.1' });

  // The phone size in Vietnamese, light and dark.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('app-locale', 'vi');
      localStorage.setItem('theme', t);
    }, theme);
    await page.goto('/pre-arrival');
    await page.getByTestId('pre-arrival-submit').click();
    const box = page.getByTestId('privacy-consent');
    await expect(box).toContainText('Thông báo về quyền riêng tư');
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/privacy-consent-vi-390-${theme}.png` });
  }
});

test('an admin downloads everything held about a traveller, then erases it', async ({ page, request }) => {
  test.setTimeout(240_000);
  // Travellers of the admin's own, registered through the API (the demo ones serve other specs).
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
  });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const authorization = `Bearer ${token}`;
  const register = async (fullName: string, digits: number) => {
    const id = randomUUID();
    const passportNo = `C${String(digits).slice(-7)}`;
    const created = await request.post('/api/travelers', {
      headers: { authorization },
      data: {
        id,
        fullName,
        passportNo,
        nationality: 'VN',
        entryDate: '2026-11-20',
        status: 'pending',
        address: '12 Hàng Bạc, Hà Nội',
      },
    });
    expect(created.status()).toBe(201);
    return { id, passportNo };
  };
  // Each declares with a test result uploaded first (the file a device keeps once it picked it).
  const declareWithFile = async (travelerId: string, fullName: string) => {
    const fileId = randomUUID();
    const upload = await request.post('/api/files', {
      headers: { authorization },
      multipart: {
        file_type: 'health_test_result',
        id: fileId,
        file: { name: 'xet-nghiem.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(upload.status()).toBe(201);
    const declared = await request.post('/api/health-declarations', {
      headers: { authorization },
      data: {
        ...validDeclarationForm,
        id: travelerId,
        travelerId,
        fullName,
        email: null,
        testFileId: fileId,
        systemMode: 'pandemic',
      },
    });
    expect(declared.status()).toBe(201);
    return fileId;
  };
  const name = `Phạm Riêng Tư ${uniq()}`;
  const { id, passportNo } = await register(name, Date.now());
  const erasedFile = await declareWithFile(id, name);
  const other = `Vũ Ảnh Chụp ${uniq()}`;
  const otherFile = await declareWithFile((await register(other, Date.now() + 7)).id, other);

  await page.addInitScript(() => {
    if (!localStorage.getItem('app-locale')) localStorage.setItem('app-locale', 'en');
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'admin');
  await search(page, { fullName: name });
  await expect(rowOf(page, name)).toBeVisible({ timeout: 30_000 });
  // The device keeps both travellers' documents, as it does those picked on it and uploaded.
  await keepFiles(page, [erasedFile, otherFile]);
  await rowOf(page, name).getByTestId('action-view').click();
  const section = page.getByTestId('personal-data-section');
  await expect(page.getByTestId('personal-data-retained')).toContainText('Kept until');

  const json = page.waitForEvent('download');
  await page.getByTestId('personal-data-export-json').click();
  const data = JSON.parse(readFileSync(await (await json).path(), 'utf8'));
  expect(data.traveler).toMatchObject({ id, fullName: name, passportNo, address: '12 Hàng Bạc, Hà Nội' });
  expect(data.audit.map((a: { action: string }) => a.action)).toContain('traveler.create');
  const html = page.waitForEvent('download');
  await page.getByTestId('personal-data-export-html').click();
  expect(readFileSync(await (await html).path(), 'utf8')).toContain(name);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/privacy-admin-en-1440.png' });

  await page.getByTestId('personal-data-erase').click();
  await expect(page.getByTestId('personal-data-confirm')).toBeDisabled();
  await page.getByTestId('personal-data-reason').fill('Request of the traveller (art. 16)');
  await page.screenshot({ path: '/tmp/shots/privacy-erase-dialog-en-1440.png' });
  await page.getByTestId('personal-data-confirm').click();
  // The server holds no personal data of it now; the device's copy follows with the pull the
  // erasure asks for. The traveller's page stays open (only the question closes) and shows the
  // anonymised copy, though the open search no longer matches it.
  const details = page.getByTestId('traveler-details');
  await expect(details.getByTestId('details-fullName')).toHaveText('***', { timeout: 30_000 });
  await expect(details.getByTestId('personal-data-erased')).toBeVisible();
  await page.getByTestId('details-close').click();
  await expect(rowOf(page, name)).toHaveCount(0, { timeout: 30_000 });
  const after = await request.get(`/api/travelers/${id}`, { headers: { authorization } });
  expect(await after.json()).toMatchObject({ fullName: '***', passportNo: 'X0000000', address: null });
  await search(page, { passportNo: 'X0000000' });
  const anonymised = page.getByTestId('traveler-row').filter({ hasText: '***' });
  await expect(anonymised).toHaveCount(1, { timeout: 30_000 });
  await anonymised.getByTestId('action-view').click();
  await expect(page.getByTestId('personal-data-erased')).toBeVisible();
  await expect(page.getByTestId('traveler-details')).not.toContainText('Hàng Bạc');
  await page.getByTestId('personal-data-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/privacy-erased-en-1440.png' });
  // The device no longer holds the erased traveller's document (the files' sweep after the pull
  // of its anonymised declaration); the other traveller's, still named, stays.
  await expect.poll(() => heldFiles(page), { timeout: 30_000 }).toEqual([otherFile]);
  await page.getByTestId('details-close').click();

  // Phone size, Vietnamese, light and dark: another traveller's section and the erase question
  // (opened wide, then the window narrowed), and the settings refusing a period below the bounds.
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate((t) => {
      localStorage.setItem('app-locale', 'vi');
      localStorage.setItem('theme', t);
    }, theme);
    await page.goto('/entry-management');
    await search(page, { fullName: other });
    await expect(rowOf(page, other)).toBeVisible({ timeout: 30_000 });
    await rowOf(page, other).getByTestId('action-view').click();
    await expect(page.getByTestId('personal-data-retained')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('personal-data-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/privacy-admin-vi-390-${theme}.png` });
    await page.getByTestId('personal-data-erase').click();
    await page.getByTestId('personal-data-reason').fill('Yêu cầu của hành khách');
    await page.screenshot({ path: `/tmp/shots/privacy-erase-dialog-vi-390-${theme}.png` });
    await page.getByTestId('personal-data-cancel').click();
    await page.goto('/admin/privacy');
    await expect(page.getByTestId('privacy-settings-form')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('privacy-retention-input').fill('3');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByTestId('privacy-settings-form').getByRole('alert').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/privacy-settings-vi-390-${theme}.png` });
  }
});
