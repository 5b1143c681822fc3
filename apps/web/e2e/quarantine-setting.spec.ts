/**
 * The quarantine length in the admin's system status panel (vi): a length outside what the
 * server accepts is refused on the spot with a translated message; a valid one is saved on the
 * server, and the next quarantine gets it.
 */
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { api, declaredTraveler } from './lifecycle-helpers.ts';
import { uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });

test('an admin sets the quarantine length; the next quarantine gets it', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  const setting = page.getByTestId('quarantine-days-setting');
  const input = setting.getByTestId('quarantine-days-input');
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('14');

  await input.fill('61');
  await setting.getByRole('button', { name: 'Lưu' }).click();
  await expect(setting.getByRole('alert')).toHaveText('Giá trị phải nhỏ hơn hoặc bằng 60');

  await input.fill('10');
  await setting.getByRole('button', { name: 'Lưu' }).click();
  await expect(setting.getByTestId('quarantine-days-saved')).toHaveText(
    'Đã lưu: các ca cách ly mới kéo dài 10 ngày.',
  );
  try {
    expect((await api<{ quarantineDays: number }>(page, '/api/system-status')).quarantineDays).toBe(10);
    const id = await declaredTraveler(page, `Thoi gian ${uniq()}`);
    const moved = await api<{ traveler: { quarantineDays: number } }>(page, `/api/travelers/${id}/events`, {
      method: 'POST',
      body: {
        id: crypto.randomUUID(),
        kind: 'status_changed',
        toStatus: 'quarantine',
        occurredAt: new Date().toISOString(),
      },
    });
    expect(moved.traveler.quarantineDays).toBe(10);
  } finally {
    // Back to the default for the specs that follow on the same server.
    await input.fill('14');
    await setting.getByRole('button', { name: 'Lưu' }).click();
    await expect(setting.getByTestId('quarantine-days-saved')).toContainText('14');
  }
});
