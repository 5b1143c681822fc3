import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  decryptPush,
  makeBrowserKeys,
  startFakePushService,
  type TestCertificate,
} from '../../server/src/test/fake-push-service.ts';
import { DEMO_ACCOUNTS, loginAs, waitForServiceWorker } from './helpers.ts';

// The fake push service's certificate and port, made by playwright.config.ts (the server under
// test trusts that certificate and allows that origin).
const pushCertificate: TestCertificate = JSON.parse(process.env.E2E_PUSH_CERT ?? '{}');
const pushPort = Number(process.env.E2E_PUSH_PORT);

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

async function apiToken(request: APIRequestContext, who: keyof typeof DEMO_ACCOUNTS) {
  const res = await request.post('/api/auth/login', { data: { ...DEMO_ACCOUNTS[who], rememberMe: false } });
  expect(res.status()).toBe(200);
  const { token } = await res.json();
  return { authorization: `Bearer ${token}` };
}

const setMode = async (request: APIRequestContext, admin: Record<string, string>, mode: string) =>
  expect((await request.put('/api/system-status', { headers: admin, data: { mode } })).status()).toBe(200);

test("push: the section follows the permission, and the server's push becomes a notification in the user language", async ({
  page,
  context,
  baseURL,
  request,
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

  // So the test plays the browser's push service: the officer's subscription points at a fake
  // push service over https, with keys made here as a browser makes them. An admin switches the
  // mode; the server encrypts the message for that subscription and sends it there.
  const service = await startFakePushService(pushCertificate, () => 201, pushPort);
  const officer = await apiToken(request, 'officer');
  const admin = await apiToken(request, 'admin');
  const keys = makeBrowserKeys();
  const endpoint = `${service.origin}/push/e2e-officer`;
  try {
    const saved = await request.post('/api/push-subscriptions', {
      headers: officer,
      data: {
        subscription: { endpoint, expirationTime: null, keys: keys.keys },
        userAgent: 'e2e',
        timestamp: new Date().toISOString(),
      },
    });
    expect(saved.status()).toBe(201);
    await setMode(request, admin, 'emergency');
    await expect
      .poll(() => service.received.filter((r) => r.path === '/push/e2e-officer').length, { timeout: 30_000 })
      .toBe(1);
    const [arrived] = service.received.filter((r) => r.path === '/push/e2e-officer');
    const message = decryptPush(arrived?.body ?? Buffer.alloc(0), keys);
    expect(JSON.parse(message)).toMatchObject({ type: 'mode-changed', params: { mode: 'emergency' } });

    // The push service's last leg, to the service worker, through the DevTools protocol: the
    // message exactly as the server encrypted it, decrypted as the browser would.
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
      data: message,
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
  } finally {
    // Other specs share this server: no subscription left behind, and the initial mode back.
    await request.delete('/api/push-subscriptions', { headers: officer, data: { endpoint } });
    await setMode(request, admin, 'pandemic');
    await service.close();
  }
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
