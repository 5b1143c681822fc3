import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN', colorScheme: 'light' });

test('language switch changes the page at once and survives a reload (also on the login page)', async ({
  page,
}) => {
  await loginAs(page, 'officer');
  await expect(page.getByTestId('app-title')).toHaveText('Kiểm dịch biên giới');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('app-title')).toHaveText('Border Health Control');
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Health declaration' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Entry management - Border Health Control');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByTestId('app-title')).toHaveText('Border Health Control');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-ja').click();
  await expect(page.getByTestId('app-title')).toHaveText('国境検疫管理');
  await page.reload();
  await expect(page.getByTestId('system-status-panel')).toContainText('システム状態');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveTitle('ログイン - 国境検疫管理');
});

test.describe('browser language', () => {
  test.use({ locale: 'ja-JP' });
  test('is used when nothing is stored', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('ログイン - 国境検疫管理');
  });
});

test.describe('unsupported browser language', () => {
  test.use({ locale: 'fr-FR' });
  test('falls back to Vietnamese', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Đăng nhập - Kiểm dịch biên giới');
  });
});

test('theme toggle switches light/dark and survives a reload', async ({ page }) => {
  await loginAs(page, 'officer');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').first().click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.getByTestId('theme-toggle').first().click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test.describe('OS preference', () => {
  test.use({ colorScheme: 'dark' });
  test('is the theme when none is stored', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('mode and theme live in the sidebar drawer', async ({ page }) => {
    await loginAs(page, 'officer');
    await expect(page.getByTestId('topbar-mode')).toBeHidden();
    const panel = page.getByTestId('system-status-panel');
    // The drawer closes on a route change: the login's move from the dashboard to the list may
    // land just after the first click, so open it until it stays open.
    await expect(async () => {
      await page.getByTestId('open-drawer').click();
      await expect(panel.getByTestId('mode-badge')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('sidebar-theme').getByTestId('theme-toggle')).toBeVisible();
    await page.getByTestId('sidebar-theme').getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Following a link closes the drawer.
    await page.getByRole('link', { name: 'Báo cáo' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(panel).toBeHidden();
  });
});
