import { expect, type Page, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './helpers.ts';

/** What the server sends on a switch to emergency (modules/push, payload { type, titleKey, params, url }). */
const MODE_CHANGED = {
  type: 'mode-changed',
  titleKey: 'modeChanged',
  params: { mode: 'emergency' },
  url: '/',
};

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      icon: n.icon,
      data: n.data,
    }));
  });

test('push: the section follows the permission, and a push becomes a notification in the user language', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  await context.grantPermissions(['notifications'], { origin });
  await loginAs(page, 'officer');
  await page.evaluate(() => localStorage.setItem('app-locale', 'ja'));
  await page.goto('/pwa-settings');
  await waitForServiceWorker(page);

  // Permission granted: the section offers to subscribe. Headless Chromium has no push service
  // (PushManager.subscribe fails there), so subscribing shows the browser's error instead of
  // "subscribed"; with a push service the subscription is saved and "unsubscribe" appears.
  const section = page.getByTestId('push-section');
  await section.getByTestId('push-subscribe').click();
  await expect(section.getByTestId('push-unsubscribe').or(section.getByRole('alert'))).toBeVisible();

  // The push itself, delivered to the service worker through the DevTools protocol (the same
  // JSON the server encrypts; the server side is tested against a fake push service).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(MODE_CHANGED),
  });

  await expect
    .poll(() => shownNotifications(page), { timeout: 10_000 })
    .toEqual([
      {
        title: 'システムモードが変更されました',
        body: '現在のシステムモード：緊急',
        icon: `${origin}/pwa-192x192.png`,
        data: { url: '/' },
      },
    ]);
});

test('the offline page uses the app stylesheet, no inline styles, in the stored language', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('app-locale', 'en'));
  await page.goto('/offline.html');
  await expect(page.getByRole('heading')).toHaveText('You are offline');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  expect(await page.locator('style, [style]').count()).toBe(0);
  expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
  // Styled: the primary button has the theme's colour, not the browser's default grey.
  const background = await page
    .getByRole('button', { name: 'Retry' })
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toMatch(/^rgba?\(2[34]\d, 2[34]\d, 2[34]\d/);
  expect(violations).toEqual([]);
});
