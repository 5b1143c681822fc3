/**
 * Issue 17 item 6: "clear all data" with 10,000 travellers on the device finishes in under 2 s
 * (the database is deleted, not emptied row by row), then the app reloads to the login screen.
 */
import { expect, test } from '@playwright/test';
import { loginAs, putLocalRecords } from './helpers.ts';

const COUNT = 10_000;

test('clearing 10,000 travellers takes under 2 s', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'officer');
  await expect(page.getByTestId('traveler-row').first()).toBeVisible();
  // Seed the local store directly, as the sync engine would have after a large pull.
  await putLocalRecords(
    page,
    Array.from({ length: COUNT }, (_, i) => ({
      store: 'travelers',
      record: {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        fullName: `Bulk Traveller ${i}`,
        passportNo: `BK${String(i).padStart(7, '0')}`,
        nationality: 'JP',
        entryDate: '2026-01-01',
        status: 'pending',
        version: 1,
        deletedAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        syncStatus: 'synced',
        lastModified: 1,
      },
    })),
  );
  await page.reload();
  await expect(page.getByTestId('stat-total')).toHaveText(/10[.,\s]?0\d\d/);
  await page.goto('/pwa-settings');
  await page.getByTestId('clear-all-data').click();
  const started = Date.now();
  await page.getByTestId('confirm-clear').click();
  // Until the officer sees the sign-in page of the reloaded app. Not the page's 'load' event:
  // twice in full runs it never reached the test although the page had reloaded to the login
  // screen (the reload follows the service worker's removal).
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('form[data-testid="login-form"] button[type="submit"]')).toBeVisible();
  const elapsed = Date.now() - started;
  console.log(`clear all data with ${COUNT} travellers: ${elapsed} ms`);
  expect(elapsed).toBeLessThan(2000);
  // Polled: a read that meets the reload is read again on the new page.
  const left = () =>
    page
      .evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('PWADatabase');
            open.onsuccess = () => {
              const names = [...open.result.objectStoreNames];
              if (!names.includes('travelers')) return resolve(0);
              const req = open.result.transaction('travelers').objectStore('travelers').count();
              req.onsuccess = () => resolve(req.result);
            };
          }),
      )
      .catch(() => -1);
  await expect.poll(left).toBe(0);
});
