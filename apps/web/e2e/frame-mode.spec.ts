import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });

test('an admin changes the mode; an officer page already open shows it within 30 s', async ({ browser }) => {
  test.setTimeout(90_000);
  const officerCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
  const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
  const officer = await officerCtx.newPage();
  const admin = await adminCtx.newPage();
  try {
    await loginAs(officer, 'officer');
    const officerBadge = officer.getByTestId('topbar-mode').getByTestId('mode-badge');
    await expect(officerBadge).toHaveAttribute('data-mode', 'pandemic');
    await expect(officerBadge).toHaveClass(/badge-error/);
    // Officers have no mode control.
    await expect(officer.getByTestId('mode-select')).toHaveCount(0);

    await loginAs(admin, 'admin');
    const select = admin.getByTestId('mode-select');
    await expect(select).toBeEnabled();
    await select.selectOption('emergency');
    // The change asks first, saying what it does.
    await expect(admin.getByTestId('mode-confirm-body')).toContainText('bắt buộc');
    await admin.getByTestId('mode-confirm').click();
    await expect(admin.getByTestId('topbar-mode').getByTestId('mode-badge')).toHaveAttribute(
      'data-mode',
      'emergency',
    );

    const changedAt = Date.now();
    await expect(officerBadge).toHaveAttribute('data-mode', 'emergency', { timeout: 30_000 });
    expect(Date.now() - changedAt).toBeLessThan(30_000);
    await expect(officerBadge).toHaveClass(/badge-warning/);
    await expect(officerBadge).toContainText('Khẩn cấp');

    // The officer also gets an unread notification about it, on top of the two seeded ones.
    await officer.reload();
    await expect(officer.getByTestId('unread-count')).toHaveText('3');
    await officer.getByTestId('notification-bell').click();
    await expect(officer.getByTestId('notification-item').first()).toContainText(
      'Chế độ hệ thống hiện là: Khẩn cấp',
    );

    await select.selectOption('normal');
    await admin.getByTestId('mode-confirm').click();
    await expect(officerBadge).toHaveAttribute('data-mode', 'normal', { timeout: 30_000 });
    await expect(officerBadge).toHaveClass(/badge-success/);

    // Back to the initial mode: other specs share this server and expect pandemic rules.
    await select.selectOption('pandemic');
    await admin.getByTestId('mode-confirm').click();
    await expect(admin.getByTestId('topbar-mode').getByTestId('mode-badge')).toHaveAttribute(
      'data-mode',
      'pandemic',
    );
  } finally {
    await officerCtx.close();
    await adminCtx.close();
  }
});

test('the last known mode shows offline', async ({ page, context }) => {
  await loginAs(page, 'officer');
  await expect(page.getByTestId('topbar-mode').getByTestId('mode-badge')).toHaveAttribute('data-mode', /.+/);
  await expect(page.getByTestId('today-entries')).not.toHaveText('—');
  const mode = await page.getByTestId('topbar-mode').getByTestId('mode-badge').getAttribute('data-mode');
  await context.setOffline(true);
  await expect(page.getByTestId('sync-badge')).toHaveText('Ngoại tuyến');
  await expect(page.getByTestId('system-status-text')).toContainText('Ngoại tuyến');
  await expect(page.getByTestId('topbar-mode').getByTestId('mode-badge')).toHaveAttribute(
    'data-mode',
    mode ?? '',
  );
  await context.setOffline(false);
});

test('notifications: bell count, mark read, mark all read, remove, clear all', async ({ page }) => {
  await loginAs(page, 'test');
  const bell = page.getByTestId('notification-bell');
  await expect(page.getByTestId('unread-count')).toHaveText(/^[2-9]$/);
  const before = Number(await page.getByTestId('unread-count').textContent());
  await bell.click();
  const items = page.getByTestId('notification-item');
  await expect(items.filter({ hasText: 'Bảo trì hệ thống' })).toContainText('2:00 sáng mai');
  await expect(items.filter({ hasText: 'Cập nhật quy trình' })).toBeVisible();
  await items.first().getByRole('button', { name: 'Đã đọc' }).click();
  await expect(page.getByTestId('unread-count')).toHaveText(String(before - 1));
  await page.getByRole('button', { name: 'Đánh dấu đã đọc hết' }).click();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
  const count = await items.count();
  await items.first().getByRole('button', { name: 'Xóa', exact: true }).click();
  await expect(items).toHaveCount(count - 1);
  await page.getByRole('button', { name: 'Xóa tất cả' }).click();
  await expect(items).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('app-title')).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByText('Không có thông báo')).toBeVisible();
});
