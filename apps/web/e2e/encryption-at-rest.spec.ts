/**
 * Health data encrypted at rest, locked and wiped (issue 33 points 1-3,
 * docs/decisions/016-encryption-at-rest.md), in Chromium against the compiled server:
 * - an officer enters a traveller with a planted name and passport, and a declaration with a
 *   planted phone and a PDF; then no IndexedDB store of the origin holds any planted string or
 *   the PDF's bytes (read raw), and the app still shows them;
 * - a wrong password leaves the device locked; the right one unlocks it;
 * - logout with changes pending locks (the login page says how many wait, another account is
 *   refused); the officer signs in again and the changes reach the server;
 * - logout with nothing pending deletes the app's database;
 * - the idle lock asks for the password again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAs, openList, outboxCount, waitForServiceWorker } from './helpers.ts';
import { addTraveler, rowOf } from './travelers-helpers.ts';

const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n% planted pdf '),
  randomBytes(4_000),
  Buffer.from('\n%%EOF\n'),
]);
/** A run of the PDF's random bytes, as Latin-1 text, to look for in the stores. */
const pdfProbe = pdf.subarray(40, 72).toString('latin1');

/** Every value of every store of every IndexedDB database of the origin, as one text. */
function everyStoredText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const visit = async (value: unknown): Promise<void> => {
      if (typeof value === 'string') parts.push(value);
      else if (typeof value === 'number') parts.push(String(value));
      else if (value instanceof Blob)
        parts.push(await value.text(), String.fromCharCode(...new Uint8Array(await value.arrayBuffer())));
      else if (value instanceof ArrayBuffer) parts.push(String.fromCharCode(...new Uint8Array(value)));
      else if (ArrayBuffer.isView(value))
        parts.push(String.fromCharCode(...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)));
      else if (Array.isArray(value)) for (const v of value) await visit(v);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          parts.push(k);
          await visit(v);
        }
    };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        for (const row of rows) await visit(row);
      }
      db.close();
    }
    return parts.join('\n');
  });
}

async function unlockWith(page: Page, password: string) {
  await page.getByTestId('unlock-password').fill(password);
  await page.getByTestId('unlock-submit').click();
}

test('nothing planted is stored in clear; a wrong password does not unlock; logout with changes pending locks', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const name = `Plantedname ${randomUUID().slice(0, 8)}`;
  const passport = `Q${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const phone = `09${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await loginAs(page, 'officer');
  // This test answers the unlock screen itself.
  await page.removeLocatorHandler(page.getByTestId('unlock-screen'));
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await addTraveler(page, { fullName: name, passportNo: passport, nationality: 'VN' });
  await expect(rowOf(page, name)).toBeVisible();
  const id = await rowOf(page, name).getAttribute('data-id');
  expect(id).toBeTruthy();
  const query = new URLSearchParams({ travelerId: id ?? '', fullName: name, passportNo: passport });
  // A page load starts locked.
  await page.goto(`/health-declaration/${id}?${query.toString()}`);
  await unlockWith(page, DEMO_ACCOUNTS.officer.password);
  const form = page.getByTestId('declaration-form');
  await form.locator('input[name="phone"]').fill(phone);
  await form.locator('input[name="bodyTemperature"]').fill('36.6');
  await form.locator('select[name="vaccinationStatus"]').selectOption('full');
  await page
    .getByTestId('upload-testFile')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'result.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('upload-testFile').getByText('result.pdf')).toBeVisible();
  await form.locator('input[name="commitment"]').check();
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('declaration-result')).toBeVisible();

  const stored = await everyStoredText(page);
  expect(stored.length).toBeGreaterThan(1000);
  for (const planted of [name, passport, phone, pdfProbe, 'planted pdf'])
    expect(stored.includes(planted), `${planted.slice(0, 20)} stored in clear`).toBe(false);

  // A reload starts locked; a wrong password leaves it locked, the right one opens the list.
  await page.reload();
  await expect(page.getByTestId('unlock-screen')).toBeVisible();
  await expect(page.getByTestId('unlock-pending')).toBeVisible();
  await unlockWith(page, 'not-the-password');
  await expect(page.getByTestId('unlock-error')).toBeVisible();
  await expect(page.getByTestId('unlock-screen')).toBeVisible();
  await unlockWith(page, DEMO_ACCOUNTS.officer.password);
  await expect(page.getByTestId('unlock-screen')).toHaveCount(0);
  await openList(page);
  await expect(rowOf(page, name)).toBeVisible();

  // Logout with changes pending (still offline): the device locks, the changes stay sealed.
  const pending = await outboxCount(page);
  expect(pending).toBeGreaterThan(0);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-anyway').click();
  await page.waitForURL('**/login');
  await expect(page.getByTestId('locked-for')).toContainText(String(pending));
  expect(await outboxCount(page)).toBe(pending);
  // Another account may not sign in here meanwhile.
  await page.locator('#login-email').fill(DEMO_ACCOUNTS.admin.email);
  await page.locator('#login-password').fill(DEMO_ACCOUNTS.admin.password);
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unsent changes' })).toBeVisible();

  // The officer signs in again online: unlocked, the changes reach the server.
  await context.setOffline(false);
  await page.locator('#login-email').fill(DEMO_ACCOUNTS.officer.email);
  await page.locator('#login-password').fill(DEMO_ACCOUNTS.officer.password);
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/dashboard', { timeout: 30_000 });
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
  const server = await page.evaluate(async (travelerId) => {
    const res = await fetch(`/api/health-declarations/${travelerId}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.ok ? await res.json() : null;
  }, id);
  expect(server).toMatchObject({ phone, fullName: name });
});

test('the idle lock asks for the password again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await page.clock.install();
  await loginAs(page, 'officer');
  await page.removeLocatorHandler(page.getByTestId('unlock-screen'));
  await page.evaluate(() => localStorage.setItem('idle-lock-minutes', '5'));
  // Input keeps it open; five minutes without any lock it.
  await page.clock.runFor(4 * 60_000);
  await page.mouse.click(5, 5);
  await page.clock.runFor(2 * 60_000);
  await expect(page.getByTestId('unlock-screen')).toHaveCount(0);
  await page.clock.runFor(4 * 60_000);
  await expect(page.getByTestId('unlock-screen')).toBeVisible();
  await unlockWith(page, DEMO_ACCOUNTS.officer.password);
  await expect(page.getByTestId('unlock-screen')).toHaveCount(0);
});

// Without the fake clock: the wipe's fallbacks wait on real timers (with the clock installed the
// logout hung now and then, the test running out of time on the app's page).
test('logout with nothing pending deletes the app database', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await loginAs(page, 'officer');
  await expect.poll(() => outboxCount(page).catch(() => -1)).toBe(0);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('locked-for')).toHaveCount(0);
  // The login page may load a second time (seen in 1 of 4 runs): what it holds is read once it stays.
  await expect(async () => {
    const left = await page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name);
      return { names, key: localStorage.getItem('device-key') };
    });
    expect(left.key).toBeNull();
    // Either gone, or made anew and empty by the login page's start (no records in it).
    if (left.names.includes('PWADatabase')) expect(await everyStoredText(page)).not.toContain('fullName');
  }).toPass({ timeout: 20_000 });
});
