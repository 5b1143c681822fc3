import { expect, test } from '@playwright/test';
import { waitForServiceWorker } from './helpers.ts';

test('the installed shell opens and renders while offline', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  // A reload makes the worker control this page's navigation too.
  await page.reload();
  await waitForServiceWorker(page);

  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page).toHaveTitle(/Kiểm dịch biên giới|Border Health Control|国境検疫管理/);

  // A client route never visited still renders from the cached shell.
  await page.goto('/some/unknown/place');
  await expect(page.getByText('404', { exact: true }).first()).toBeVisible();

  // The spec's offline page is cached too, in the stored language, with Retry and Home.
  await page.goto('/offline.html');
  await expect(page.getByRole('heading')).toHaveText(/Bạn đang ngoại tuyến|You are offline|オフラインです/);
  await expect(page.getByRole('button', { name: /Thử lại|Retry|再試行/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Trang chủ|Home|ホーム/ })).toHaveAttribute('href', '/');
  await context.setOffline(false);
});
