import { expect, test } from '@playwright/test';
import { APP_ROUTES, isNamedScreen } from '../src/app/routes.ts';
import { seriousViolations } from './axe.ts';
import { loginAs, openInApp } from './helpers.ts';

// Every screen of the route table, light and dark: axe finds no serious or critical violation.
const named = APP_ROUTES.filter(isNamedScreen);
const PUBLIC = [...named.filter((r) => r.guard === 'guest').map((r) => r.path), '/no/such/page'];
const SIGNED_IN = named.filter((r) => r.guard !== 'guest' && r.guard !== 'public').map((r) => r.path);

for (const theme of ['light', 'dark'] as const) {
  test(`public screens have no serious a11y violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of PUBLIC) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test(`signed-in screens have no serious a11y violations (${theme})`, async ({ page }) => {
    // Every signed-in screen: 44-45 s beside another worker (96 s when each was a page load).
    test.setTimeout(150_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await loginAs(page, 'admin');
    for (const path of SIGNED_IN) {
      // As the app's links go (no page load, so no unlock, per screen).
      await openInApp(page, path);
      await expect(page.locator('main')).not.toBeEmpty();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}
