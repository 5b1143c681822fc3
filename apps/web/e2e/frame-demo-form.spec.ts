import { expect, test } from '@playwright/test';
import { fillByLabel, loginAs } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });

test('the demo form enforces its rules', async ({ page }) => {
  await loginAs(page, 'officer');
  await page.goto('/form-demo');
  await page.getByRole('button', { name: 'Gửi' }).click();
  for (const label of ['Họ và tên', 'Số điện thoại', 'Quốc tịch', 'Ngày sinh', 'Giới tính']) {
    await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  // Email is optional: no error while empty, an error when malformed.
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'false');
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Email không hợp lệ')).toBeVisible();
  await page.getByLabel('Email').fill('');

  await fillByLabel(page, {
    'Họ và tên': 'Nguyễn Văn A',
    'Số điện thoại': '0912345678',
    'Quốc tịch': 'VN',
    'Ngày sinh': '1990-05-01',
    'Giới tính': 'male',
    'Ghi chú': 'x'.repeat(501),
  });
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByText('Không được vượt quá 500 ký tự')).toBeVisible();
  await page.getByLabel('Ghi chú').fill('x'.repeat(500));
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByTestId('demo-success')).toBeVisible();
});
