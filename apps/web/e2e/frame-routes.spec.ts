import { expect, test } from '@playwright/test';
import { loginAs, putLocalRecord } from './helpers.ts';

// vi is the default language; the titles below are the vi route titles + app title.
const APP = 'Kiểm dịch biên giới';
const PROTECTED = [
  { path: '/entry-management', title: 'Quản lý nhập cảnh' },
  { path: '/health-declaration', title: 'Khai báo y tế' },
  { path: '/health-declaration/00000000-0000-4000-8000-000000000001', title: 'Khai báo y tế' },
  { path: '/form-demo', title: 'Biểu mẫu mẫu' },
  { path: '/pwa-settings', title: 'Cài đặt ứng dụng ngoại tuyến' },
];

test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });

test.describe('guards', () => {
  test('a visitor who is not logged in goes to /login from every protected route', async ({ page }) => {
    for (const path of ['/', ...PROTECTED.map((r) => r.path), '/admin/users']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
    await expect(page).toHaveTitle(`Đăng nhập - ${APP}`);
  });

  test('a logged-in user opening /login goes to the dashboard; an officer cannot open admin screens', async ({
    page,
  }) => {
    await loginAs(page, 'officer');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/auth/register');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Người dùng' })).toHaveCount(0);
  });

  test('after logout the user is on /login and protected routes are closed again', async ({ page }) => {
    await loginAs(page, 'officer');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    // With nothing unsent the logout wipes the device and then loads /login afresh
    // (app/shell/logout-device.ts): a navigation made meanwhile is aborted by that load, so it is
    // tried again until it holds.
    await expect(async () => {
      await page.goto('/form-demo');
      await expect(page).toHaveURL(/\/login$/);
    }).toPass({ timeout: 30_000 });
  });
});

test.describe('routes', () => {
  test('every route renders inside the frame with its title', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const r of [
      ...PROTECTED,
      { path: '/admin/users', title: 'Người dùng' },
      { path: '/admin/account-requests', title: 'Yêu cầu tài khoản' },
    ]) {
      await page.goto(r.path);
      await expect(page.getByTestId('app-title'), r.path).toHaveText(APP);
      await expect(page.locator('main#main'), r.path).not.toBeEmpty();
      await expect(page, r.path).toHaveTitle(`${r.title} - ${APP}`);
    }
  });

  test('titles change on client-side navigation through the sidebar', async ({ page }) => {
    await loginAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await nav.getByRole('link', { name: 'Khai báo y tế' }).click();
    await expect(page).toHaveTitle(`Khai báo y tế - ${APP}`);
    await nav.getByRole('link', { name: 'Báo cáo' }).click();
    await expect(page).toHaveTitle(`Báo cáo - ${APP}`);
    // The form demo keeps its route (the spec lists it) but is no officer's menu entry.
    await expect(nav.getByRole('link', { name: 'Biểu mẫu mẫu' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Yêu cầu tài khoản' }).click();
    await expect(page).toHaveURL(/\/admin\/account-requests$/);
    await expect(page).toHaveTitle(`Yêu cầu tài khoản - ${APP}`);
  });

  test('an unknown path shows the page-not-found screen, for visitors and users', async ({ page }) => {
    await page.goto('/auth/nowhere');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Không tìm thấy trang');
    await expect(page.locator('p', { hasText: /^404$/ })).toBeVisible();
    await expect(page).toHaveTitle(`Không tìm thấy trang - ${APP}`);
    // A visitor's suggestions are the screens a visitor can open.
    await page.getByRole('link', { name: 'Đăng ký' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page).toHaveTitle(`Đăng ký - ${APP}`);
  });

  test('the 404 search finds screens by translated title and travellers on this device', async ({ page }) => {
    await loginAs(page, 'officer');
    await expect(page.getByTestId('system-status-panel')).toBeVisible();
    // Put a traveller into the local database the way a pull would (Dexie store "travelers").
    await putLocalRecord(page, 'travelers', {
      id: '00000000-0000-4000-8000-0000000000aa',
      fullName: 'Zebra Searchable',
      passportNo: 'Z9876543',
      nationality: 'JP',
      entryDate: '2026-01-01',
      status: 'pending',
      version: 1,
      syncStatus: 'synced',
      lastModified: Date.now(),
    });
    await page.goto('/products');
    const search = page.getByTestId('not-found-search');
    await search.fill('khai bao');
    await expect(
      page.getByTestId('screen-results').getByRole('link', { name: 'Khai báo y tế' }),
    ).toBeVisible();
    await search.fill('zebra');
    await page.getByRole('button', { name: 'Tìm kiếm' }).click();
    const hit = page.getByTestId('traveler-results').getByRole('link', { name: /Zebra Searchable/ });
    await expect(hit).toBeVisible();
    await search.fill('qqqq-nothing');
    await expect(page.getByText('Không tìm thấy kết quả cho "qqqq-nothing"')).toBeVisible();
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
