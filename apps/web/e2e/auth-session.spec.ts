import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './helpers.ts';

test.use({ locale: 'en-US' });

const REFRESH_COOKIE = 'bh_refresh';
const refreshCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === REFRESH_COOKIE);

/**
 * Makes the stored access token look expired (the app reads exp only; the server would refuse it).
 * When there is none left, the app already met a refusal of its own and ended the session.
 */
async function expireStoredToken(page: Page) {
  await page.evaluate(() => {
    const token = localStorage.getItem('token');
    if (!token) return;
    const [h, p] = token.split('.');
    const claims = JSON.parse(atob((p ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const body = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem('token', `${h}.${body}.invalid`);
  });
}

test('the guard sends visitors to /login, and logged-in users away from it', async ({ page }) => {
  await page.goto('/entry-management');
  await page.waitForURL('**/login');
  await page.goto('/admin/users');
  await page.waitForURL('**/login');
  await loginAs(page, 'officer');
  await page.goto('/login');
  await page.waitForURL('**/dashboard');
  await page.goto('/auth/register');
  await page.waitForURL('**/dashboard');
});

test('corrupt stored session data logs out', async ({ page }) => {
  await loginAs(page, 'officer');
  await page.evaluate(() => localStorage.setItem('user', '{not json'));
  await page.goto('/entry-management');
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
});

test('logout clears the session, revokes the refresh token and, with nothing unsent, wipes the device', async ({
  page,
  context,
}) => {
  await loginAs(page, 'officer');
  // The app's database opens with the first screen's reads, after the sign-in.
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
    .toContain('PWADatabase');
  const cookie = await refreshCookie(context);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
  // A mark on this document: the wipe ends by loading the login page afresh (a new document).
  await page.evaluate(() => Reflect.set(window, 'beforeWipe', true));
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  await expect
    .poll(() => page.evaluate(() => Reflect.get(window, 'beforeWipe') ?? null).catch(() => 'navigating'))
    .toBeNull();
  await expect
    .poll(() =>
      page
        .evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isLoggedIn')])
        .catch(() => ['navigating']),
    )
    .toEqual([null, null]);
  // Nothing unsent: the app's database and its wrapped key are gone (docs/decisions/016-encryption-at-rest.md).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('device-key')).catch(() => 'navigating'))
    .toBeNull();
  // The old refresh token no longer works.
  const replay = await page.request.post('/api/auth/refresh', {
    headers: { cookie: `${REFRESH_COOKIE}=${cookie?.value}` },
  });
  expect(replay.status()).toBe(401);
  await page.goto('/entry-management');
  await page.waitForURL('**/login');
});

test('remember me makes the session survive a browser restart; without it the user logs in again', async ({
  browser,
}) => {
  for (const remember of [true, false]) {
    const first = await browser.newContext({ locale: 'en-US' });
    const page = await first.newPage();
    await loginAs(page, 'admin', { rememberMe: remember });
    const cookie = await refreshCookie(first);
    if (remember) expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    else expect(cookie?.expires).toBe(-1);
    await expireStoredToken(page);
    const state = await first.storageState();
    await first.close();
    // A restarted browser keeps persistent cookies only.
    const second = await browser.newContext({
      locale: 'en-US',
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) },
    });
    const again = await second.newPage();
    await again.goto('/entry-management');
    if (remember) {
      await again.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
      await expect(again).toHaveURL(/\/entry-management$/);
    } else {
      await again.waitForURL('**/login');
      await expect(again.getByText('Your session has ended')).toBeVisible();
    }
    await second.close();
  }
});

test('an officer cannot open the admin screens or call admin APIs', async ({ page }) => {
  await loginAs(page, 'officer');
  for (const path of ['/admin/users', '/admin/account-requests']) {
    // In the running app (a page load would start locked and ask for the password first).
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL('**/dashboard');
  }
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test('offline: a logged-in officer reopens the app and keeps working; back online the session refreshes', async ({
  page,
  context,
}) => {
  await loginAs(page, 'officer');
  await waitForServiceWorker(page);
  await page.reload();
  await waitForServiceWorker(page);
  await expireStoredToken(page);
  const stale = await page.evaluate(() => localStorage.getItem('token'));
  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/entry-management$/);
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await context.setOffline(false);
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe(stale);
  await expect(page).toHaveURL(/\/entry-management$/);
});

test('a refused refresh asks to log in again and keeps the local data', async ({ page, context }) => {
  await loginAs(page, 'officer');
  // Something queued on the device, in a store the app must never wipe on logout.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('auth-e2e-outbox', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('items', { keyPath: 'id' });
        open.onsuccess = () => {
          const tx = open.result.transaction('items', 'readwrite');
          tx.objectStore('items').put({ id: 1, what: 'queued change' });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  const dbsBefore = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).sort());
  // The app is reopened offline with an expired token (it reads the stored session at start),
  // and meanwhile the session is ended elsewhere (e.g. an admin disabled it). When the
  // connection returns, the app asks to refresh and the server refuses.
  await waitForServiceWorker(page);
  await expireStoredToken(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/entry-management$/);
  const cookie = await refreshCookie(context);
  await page.request.post('/api/auth/logout', { headers: { cookie: `${REFRESH_COOKIE}=${cookie?.value}` } });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await context.setOffline(false);
  expect((await refused).status()).toBe(401);
  await page.waitForURL('**/login');
  await expect(page.getByText('Your session has ended')).toBeVisible();
  // Every database the device had is still there (the app may have opened another meanwhile,
  // e.g. the service worker's preferences, which start with the session).
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).sort())).toEqual(
    expect.arrayContaining(dbsBefore),
  );
  const kept = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('auth-e2e-outbox', 1);
        open.onsuccess = () => {
          const req = open.result.transaction('items').objectStore('items').get(1);
          req.onsuccess = () => resolve(req.result);
        };
      }),
  );
  expect(kept).toEqual({ id: 1, what: 'queued change' });
});
