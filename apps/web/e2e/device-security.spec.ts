/**
 * Devices and reads (issue 33 points 4 and 5, docs/decisions/015-revoked-devices.md): an officer
 * signed in on two devices lists them and revokes the other one, which wipes itself on its next
 * request (its database gone, the sign-in page says why); opening a traveller's declaration is a
 * read that reaches the audit viewer once.
 */
import { expect, type Page, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './helpers.ts';
import { apiGet } from './intake-helpers.ts';
import { declaredTraveler } from './lifecycle-helpers.ts';
import { rowOf, search, uniq } from './travelers-helpers.ts';

test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

/** Opens a screen from the user menu. */
async function fromUserMenu(page: Page, link: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(link).click();
}

test('a device revoked from another session wipes itself on its next request', async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = await (await browser.newContext()).newPage();
  await loginAs(phone, 'officer');
  await waitForServiceWorker(phone);
  await expect.poll(() => databases(phone)).toContain('PWADatabase');

  const desk = await (await browser.newContext()).newPage();
  await loginAs(desk, 'officer');
  await fromUserMenu(desk, 'devices-link');
  const list = desk.getByTestId('device');
  await expect(list.first()).toBeVisible();
  await expect(list.filter({ has: desk.getByTestId('device-this') })).toHaveCount(1);
  // Other tests sign in as this officer too: the phone is the row of the device the phone's own
  // session belongs to (the server's id for it, which the list marks current for the phone).
  const mine = await apiGet(phone, '/api/devices');
  const phoneId = mine.body?.items.find((d: { current: boolean }) => d.current)?.id;
  expect(phoneId).toBeTruthy();
  const other = desk.locator(`[data-testid="device"][data-device-id="${phoneId}"]`);
  await expect(other).toHaveCount(1);
  await expect(other.getByTestId('device-revoked')).toHaveCount(0);
  await other.getByTestId('device-revoke').click();
  await desk.getByTestId('device-revoke-confirm').click();
  await expect(desk.getByTestId('devices-message')).toContainText('was revoked');
  await expect(other.getByTestId('device-revoked')).toHaveCount(1);

  // The phone's next request (a sync run) is refused: it wipes itself and lands on the sign-in page.
  await phone.evaluate(() => window.dispatchEvent(new Event('online')));
  await phone.waitForURL('**/login', { timeout: 30_000 });
  await expect(phone.getByTestId('device-notice')).toHaveAttribute('data-kind', 'revoked');
  await expect(phone.getByTestId('device-notice')).toContainText('This device was revoked');
  expect(await databases(phone)).not.toContain('PWADatabase');
  expect(
    await phone.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('bh-device-id')]),
  ).toEqual([null, null]);
  // Signing in again works, as a new device.
  await loginAs(phone, 'officer');
});

test('opening a declaration is a read the audit viewer shows once', async ({ browser }) => {
  test.setTimeout(120_000);
  const officer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await loginAs(officer, 'officer');
  const name = `Doc Xem ${uniq()}`;
  const id = await declaredTraveler(officer, name);
  await expect(async () => {
    await officer.evaluate(() => window.dispatchEvent(new Event('online')));
    await search(officer, { fullName: name });
    await expect(rowOf(officer, name)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await rowOf(officer, name).getByTestId('action-view').click();
  await expect(officer.getByTestId('declaration-summary')).toBeVisible({ timeout: 20_000 });
  await officer.getByTestId('details-close').click();
  // The next sync run sends it (twice asked: the second run finds nothing left to send).
  await officer.evaluate(() => window.dispatchEvent(new Event('online')));
  await officer.evaluate(() => window.dispatchEvent(new Event('online')));

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await loginAs(admin, 'admin');
  await admin.goto('/admin/audit');
  await admin.getByTestId('audit-kind').selectOption('read');
  await admin.getByTestId('audit-traveler').fill(id);
  const entries = admin.getByTestId('audit-entry');
  await expect(async () => {
    await admin.getByTestId('audit-apply').click();
    await expect(entries).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(entries.getByTestId('audit-sentence')).toHaveText(
    `Nguyễn Văn Kiểm viewed the health declaration of ${name}`,
  );
  await expect(entries.getByTestId('audit-device')).toContainText('Chrome on Linux');
});
