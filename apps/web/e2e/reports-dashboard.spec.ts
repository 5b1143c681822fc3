import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAs } from './helpers.ts';
import { fillDate } from './travelers-helpers.ts';

// The dashboard (home after login) and the reports screen in Vietnamese, at phone and desktop
// width; screenshots go to test-results/screens for review.
const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });

async function loginToHome(page: Page) {
  await page.goto('/login');
  await page.locator('#login-email').fill(DEMO_ACCOUNTS.officer.email);
  await page.locator('#login-password').fill(DEMO_ACCOUNTS.officer.password);
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/dashboard', { timeout: 30_000 });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, locale: 'vi-VN' });

    test('the dashboard is home after login; its figures link to the filtered list; offline it says "as of last sync"', async ({
      page,
      context,
    }) => {
      await loginToHome(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Tổng quan' })).toBeVisible();
      await expect(page).toHaveTitle(/^Tổng quan - /);
      const arrivals = page.getByTestId('dashboard-arrivalsToday');
      await expect(arrivals).toContainText('Nhập cảnh hôm nay');
      await expect(page.getByTestId('dashboard-pendingDeclarations')).toContainText('Chờ khai báo');
      await expect(page.getByTestId('dashboard-quarantineActive')).toContainText('Đang cách ly');
      // Overdue check-ins are counted from the device's check-ins and lead to the needs-attention list.
      const overdue = page.getByTestId('dashboard-overdueCheckIns');
      await expect(overdue).toContainText('Quá hạn theo dõi');
      await expect(overdue).toHaveAttribute('href', '/needs-attention');
      await expect(page.getByTestId('dashboard-sync-state')).toContainText('Trực tuyến');
      await page.screenshot({ path: `${SHOTS}/dashboard-${viewport.width}.png`, fullPage: true });

      await context.setOffline(true);
      await expect(page.getByTestId('dashboard-offline')).toContainText(
        'số liệu tính đến lần đồng bộ gần nhất',
      );
      await context.setOffline(false);

      await page.getByTestId('dashboard-pendingDeclarations').click();
      await expect(page).toHaveURL(/\/entry-management\?status=pending$/);
      await expect(page.getByTestId('travelers-linked-filter')).toContainText('trạng thái Chờ khai báo');
      await page.getByTestId('travelers-linked-filter').getByRole('link').click();
      await expect(page).toHaveURL(/\/entry-management$/);
    });

    test('reports: a period, charts and tables, a CSV download, a reversed range explained', async ({
      page,
    }) => {
      await loginAs(page, 'officer');
      await page.goto('/reports');
      await expect(page.getByRole('heading', { level: 1, name: 'Báo cáo' })).toBeVisible();
      await page.getByTestId('report-kind').selectOption('monthly');
      // The month picker is written in the app's language: a month name and a year.
      const month = page.getByTestId('report-month');
      const monthName = month.getByRole('combobox', { name: 'Tháng' });
      await monthName.selectOption('11');
      await expect(monthName.locator('option:checked')).toHaveText(/^tháng 11$/i);
      await month.getByRole('combobox', { name: 'Năm' }).selectOption('2026');
      await expect(month).toHaveAttribute('data-value', '2026-11');
      await expect(page.getByTestId('chart-series')).toBeVisible();
      await expect(page.getByTestId('table-series').locator('tbody tr')).toHaveCount(30);
      // Days in the app's one date format (dd/mm/yyyy in Vietnamese), not the API's ISO dates.
      await expect(page.getByTestId('table-series').locator('tbody tr').first()).toContainText('01/11/2026');
      await expect(page.getByTestId('table-risk')).toContainText('Cao');
      await page.screenshot({ path: `${SHOTS}/reports-${viewport.width}.png`, fullPage: true });

      const download = page.waitForEvent('download');
      await page.getByTestId('report-download-csv').click();
      expect((await download).suggestedFilename()).toBe('report-monthly-2026-11-01_2026-11-30.csv');

      await page.getByTestId('report-kind').selectOption('custom');
      await fillDate(page, page.getByTestId('report-from'), '2026-02-01');
      await fillDate(page, page.getByTestId('report-to'), '2026-01-01');
      await expect(page.getByTestId('reports-error')).toHaveText(
        'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc',
      );
    });
  });
}

test.describe('audit viewer', () => {
  test.use({ viewport: { width: 1440, height: 900 }, locale: 'vi-VN' });

  test('an admin filters the audit log by action and sees old and new values', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Nhật ký kiểm tra' })).toBeVisible();
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    await page.getByTestId('audit-action').fill('auth.login');
    await page.getByTestId('audit-apply').click();
    await expect(page.getByTestId('audit-entry').first()).toContainText('auth.login');
    await page.screenshot({ path: `${SHOTS}/audit-1440.png`, fullPage: true });
  });
});
