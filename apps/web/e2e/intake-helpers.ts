/**
 * Shared steps of the fast-intake specs: reading the server as the signed-in officer, opening
 * the scanner offline, and checking that a scanned traveller and declaration reached the server
 * exactly once after the device came back online.
 */
import { expect, type Page } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './helpers.ts';

/** GET on the API with the page's token: status and JSON body (null when not 2xx). */
export function apiGet(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: res.status, body: res.ok ? await res.json() : null };
  }, path);
}

/**
 * The officer signs in (English), lets the service worker take the page, opens the scanner from
 * the list's Scan button, then loses the network and reloads: the scanner works from the cache.
 */
export async function openScannerOffline(page: Page) {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await loginAs(page, 'officer');
  await waitForServiceWorker(page);
  await page.reload();
  await waitForServiceWorker(page);
  await page.getByTestId('scan-button').click();
  await expect(page.getByTestId('scan-page')).toBeVisible();
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('scan-page')).toBeVisible();
}

/**
 * Back online: the server ends with exactly one traveller with this passport, and its
 * declaration. Returns the traveller and the declaration as the API gives them.
 */
export async function expectOnServerOnce(page: Page, passportNo: string) {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const listPath = `/api/travelers?passportNo=${encodeURIComponent(passportNo)}`;
  await expect
    .poll(async () => (await apiGet(page, listPath)).body?.total ?? -1, { timeout: 90_000 })
    .toBe(1);
  const list = await apiGet(page, listPath);
  const traveler = list.body.items[0];
  await expect
    .poll(async () => (await apiGet(page, `/api/health-declarations/${traveler.id}`)).status, {
      timeout: 60_000,
    })
    .toBe(200);
  const declaration = (await apiGet(page, `/api/health-declarations/${traveler.id}`)).body;
  expect(declaration).toMatchObject({ travelerId: traveler.id, passportNumber: passportNo });
  return { traveler, declaration };
}
