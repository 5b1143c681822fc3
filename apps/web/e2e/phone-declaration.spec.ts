/**
 * Issue 17 item 1: on a phone the declaration is a stepped form (identity, health, contacts,
 * documents, review) with progress and a sticky primary action; a failed submit opens the step
 * of the first error. Wide screens keep the one page.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

async function open(page: Page) {
  const id = randomUUID();
  const q = new URLSearchParams({ travelerId: id, fullName: 'Nguyễn Văn B', passportNo: 'B7654321' });
  await page.goto(`/health-declaration/${id}?${q.toString()}`);
  await expect(page.getByTestId('declaration-form')).toBeVisible();
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true, isMobile: true });

  test('steps with progress and a sticky primary action; errors open their step', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
    await loginAs(page, 'officer');
    await open(page);
    const progress = page.getByTestId('declaration-progress');
    const bar = page.getByTestId('declaration-step-bar');
    await expect(progress).toHaveAttribute('data-step', 'identity');
    await expect(progress).toContainText('Bước 1/5');
    // The primary action is on the first screen and stays at the bottom edge.
    const box = await bar.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect((await page.getByTestId('step-next').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(page.locator('input[name="bodyTemperature"]')).toBeHidden();

    for (const step of ['health', 'contacts', 'documents', 'review']) {
      await page.getByTestId('step-next').click();
      await expect(progress).toHaveAttribute('data-step', step);
    }
    // Submit with the health answers missing: the form goes back to the step of the first error.
    await page.locator('input[name="commitment"]').check();
    await bar.getByRole('button', { name: 'Nộp khai báo' }).click();
    await expect(progress).toHaveAttribute('data-step', 'identity');
    await expect(page.getByText('Số điện thoại là bắt buộc')).toBeVisible();

    await page.locator('input[name="phone"]').fill('0912345678');
    await page.getByTestId('step-next').click();
    await page.locator('input[name="bodyTemperature"]').fill('36.6');
    await page.locator('select[name="vaccinationStatus"]').selectOption('full');
    for (let i = 0; i < 3; i++) await page.getByTestId('step-next').click();
    await expect(progress).toHaveAttribute('data-step', 'review');
    await bar.getByRole('button', { name: 'Nộp khai báo' }).click();
    await expect(page.getByTestId('declaration-result')).toBeVisible();
  });
});

test('a wide screen keeps the one long page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'officer');
  await open(page);
  await expect(page.getByTestId('declaration-progress')).toHaveCount(0);
  await expect(page.locator('input[name="bodyTemperature"]')).toBeVisible();
});
