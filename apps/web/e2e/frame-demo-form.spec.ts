import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { fillDate } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });

test('the demo form enforces its rules', async ({ page }) => {
  await loginAs(page, 'officer');
  await page.goto('/form-demo');
  await page.getByRole('button', { name: 'Gửi' }).click();
  for (const label of ['Họ và tên', 'Số điện thoại', 'Quốc tịch', 'Giới tính']) {
    await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  // The birth date is a date field in the app's language (dd/mm/yyyy in vi), not the browser's.
  const birthDate = page.getByTestId('demo-birthDate');
  await expect(birthDate).toHaveAttribute('data-invalid', 'true');
  await expect(birthDate.getByRole('spinbutton')).toHaveCount(3);
  // Email is optional: no error while empty, an error when malformed.
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'false');
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Email không hợp lệ')).toBeVisible();
  await page.getByLabel('Email').fill('');

  await page.getByLabel('Họ và tên').fill('Nguyễn Văn A');
  await page.getByLabel('Số điện thoại').fill('0912345678');
  await page.getByLabel('Quốc tịch').selectOption('VN');
  await fillDate(page, birthDate, '1990-05-01');
  await page.getByLabel('Giới tính').selectOption('male');
  await page.getByLabel('Ghi chú').fill('x'.repeat(501));
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByText('Không được vượt quá 500 ký tự')).toBeVisible();
  await page.getByLabel('Ghi chú').fill('x'.repeat(500));
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByTestId('demo-success')).toBeVisible();
});
