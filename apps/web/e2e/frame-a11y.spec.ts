import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { loginAs, openInApp } from './helpers.ts';

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test.describe(`${theme} ${width}px`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: theme, locale: 'vi-VN' });

      test('frame screens have no serious or critical axe violations', async ({ page }) => {
        await page.goto('/nowhere');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), '404 (visitor)').toEqual([]);

        await loginAs(page, 'admin');
        await expect(page.getByTestId('system-status-panel')).toBeAttached();
        expect(await seriousViolations(page), 'frame').toEqual([]);
        if (width < 1024) {
          await page.getByTestId('open-drawer').click();
          await expect(page.getByTestId('sidebar-theme')).toBeVisible();
          // Let the drawer finish sliding in (about 0.3 s): mid-fade text fails contrast.
          await page.waitForTimeout(800);
          expect(await seriousViolations(page), 'drawer open').toEqual([]);
          await page.goto('/entry-management');
        }

        await page.getByTestId('notification-bell').click();
        await expect(page.getByTestId('notification-item').first()).toBeVisible();
        expect(await seriousViolations(page), 'notifications open').toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('notification-item')).toHaveCount(0);
        await expect(page.getByTestId('notification-bell')).toBeFocused();

        await openInApp(page, '/form-demo');
        await page.getByRole('button', { name: 'Gửi' }).click();
        await expect(page.getByRole('alert').first()).toBeVisible();
        expect(await seriousViolations(page), 'form demo with errors').toEqual([]);

        await openInApp(page, '/products');
        await page.getByTestId('not-found-search').fill('khai');
        await expect(page.getByTestId('screen-results')).toBeVisible();
        expect(await seriousViolations(page), '404 (user, search)').toEqual([]);
      });
    });
  }
}

test.describe('keyboard', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
  test('the frame can be used with the keyboard: skip link, language menu', async ({ page }) => {
    await loginAs(page, 'officer');
    await page.reload();
    await expect(page.getByTestId('app-title')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Bỏ qua đến nội dung' })).toBeFocused();
    await page.getByTestId('language-switcher').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('language-vi')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('app-title')).toHaveText('Border Health Control');
  });
});
