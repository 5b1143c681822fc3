import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './helpers.ts';

/** A small real-looking PDF with random bytes, so its SHA-256 is unique to this run. */
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000), Buffer.from('\n%%EOF\n')]);
const sha256 = createHash('sha256').update(pdf).digest('hex');

/** GET on the API with the session's bearer token, from inside the page. */
function apiGet(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: res.status, body: res.ok ? await res.json() : null };
  }, path);
}

function localState(page: Page, id: string) {
  return page.evaluate(
    (key) =>
      new Promise<{
        declaration: Record<string, unknown> | null;
        blobs: { id: string; status: string; size: number }[];
      }>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['declarations', 'fileBlobs'], 'readonly');
          const d = tx.objectStore('declarations').get(key);
          const b = tx.objectStore('fileBlobs').getAll();
          tx.oncomplete = () => {
            resolve({
              declaration: (d.result as Record<string, unknown>) ?? null,
              blobs: (b.result as { id: string; status: string; size: number }[]).map(
                ({ id, status, size }) => ({ id, status, size }),
              ),
            });
            open.result.close();
          };
        };
      }),
    id,
  );
}

test('a declaration made offline with a PDF survives a reload and reaches the server with the same file', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
  await loginAs(page, 'officer');
  await waitForServiceWorker(page);
  await page.reload();
  await waitForServiceWorker(page);

  const id = randomUUID();
  const query = new URLSearchParams({ travelerId: id, fullName: 'Trần Thị B', passportNo: 'C7654321' });
  await context.setOffline(true);
  await page.goto(`/health-declaration/${id}?${query.toString()}`);
  const form = page.getByTestId('declaration-form');
  await expect(form.locator('input[name="fullName"]')).toHaveValue('Trần Thị B');
  await form.locator('input[name="phone"]').fill('0987654321');
  await form.locator('input[name="bodyTemperature"]').fill('37.8');
  await form.locator('select[name="vaccinationStatus"]').selectOption('full');
  await form.locator('input[name="symptom-cough"]').check();
  await form.locator('input[name="covidContact"]').check();
  await page
    .getByTestId('upload-testFile')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'xet-nghiem.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('upload-testFile').getByText('xet-nghiem.pdf')).toBeVisible();
  await form.locator('input[name="commitment"]').check();
  await form.getByRole('button', { name: 'Nộp khai báo' }).click();
  // fever 2 + symptom 2 + covid contact 3 = 7: high.
  await expect(page.getByTestId('declaration-result')).toHaveAttribute('data-level', 'high');
  await page.getByRole('button', { name: 'Đồng ý' }).click();
  await page.waitForURL('**/entry-management');

  // Still offline: reload, the declaration and its file are on the device.
  await page.reload();
  const offline = await localState(page, id);
  expect(offline.declaration).toMatchObject({ id, travelerId: id, syncStatus: 'pending', version: 0 });
  const fileId = offline.declaration?.testFileId as string;
  expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
  expect(offline.blobs).toContainEqual({ id: fileId, status: 'pending', size: pdf.length });
  await page.goto(`/health-declaration/${id}`);
  await expect(page.getByTestId('declaration-existing')).toBeVisible();

  // Online: the sync engine uploads the file and pushes the declaration.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(async () => (await apiGet(page, `/api/health-declarations/${id}`)).status, { timeout: 90_000 })
    .toBe(200);
  const server = await apiGet(page, `/api/health-declarations/${id}`);
  expect(server.body).toMatchObject({
    id,
    travelerId: id,
    testFileId: fileId,
    riskScore: 7,
    riskLevel: 'high',
  });
  await expect
    .poll(async () => (await apiGet(page, `/api/files/${fileId}/metadata`)).body?.sha256 ?? null, {
      timeout: 60_000,
    })
    .toBe(sha256);
  await expect
    .poll(async () => (await localState(page, id)).blobs.find((b) => b.id === fileId)?.status, {
      timeout: 30_000,
    })
    .toBe('uploaded');
});
