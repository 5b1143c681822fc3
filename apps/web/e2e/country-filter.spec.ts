/**
 * Issue 34 item 5 on a phone (390x844): the country field filters as one types, by the name in
 * the app's language, the English name and the code, accent- and case-insensitive; the
 * pre-arrival form offers every country.
 */
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true, isMobile: true });

const optionNames = (page: Page, testId: string) =>
  page.getByTestId(`${testId}-options`).getByRole('option').allTextContents();

test('the traveller form: "Thụy" shows Thụy Điển and Thụy Sĩ, "Swe" Sweden, a choice stays', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
  await loginAs(page, 'officer');
  await page.getByTestId('traveler-add').click();
  const field = page.getByTestId('field-nationality');
  const input = field.getByRole('combobox');
  await input.fill('Thụy');
  await expect
    .poll(async () => (await optionNames(page, 'field-nationality')).sort())
    .toEqual(['Thụy Sĩ', 'Thụy Điển']);
  await page.screenshot({ path: '/tmp/shots/country-filtered.png' });

  await input.fill('thuy dien');
  await expect.poll(() => optionNames(page, 'field-nationality')).toEqual(['Thụy Điển']);
  await input.fill('Swe');
  await expect.poll(() => optionNames(page, 'field-nationality')).toEqual(['Thụy Điển']);
  await input.fill('jp');
  await expect.poll(async () => (await optionNames(page, 'field-nationality'))[0]).toBe('Nhật Bản');

  await input.fill('Swe');
  await page.locator('[role="option"][data-code="SE"]').click();
  await expect(field).toHaveAttribute('data-value', 'SE');
  await expect(input).toHaveValue('Thụy Điển');
  // Typing something else and leaving keeps the choice.
  await input.fill('Ger');
  await expect.poll(() => optionNames(page, 'field-nationality')).toContain('Đức');
  await page.getByTestId('traveler-form').locator('[name="fullName"]').click();
  await expect(field).toHaveAttribute('data-value', 'SE');
  await expect(input).toHaveValue('Thụy Điển');
  // Opening it again lists every country, the choice among them.
  await input.click();
  await expect.poll(async () => (await optionNames(page, 'field-nationality')).length).toBe(249);
});

test('the pre-arrival form offers every country, filtered as one types', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await page.goto('/pre-arrival');
  const input = page.getByTestId('trip-nationality').getByRole('combobox');
  await input.click();
  await expect.poll(async () => (await optionNames(page, 'trip-nationality')).length).toBe(249);
  await page.keyboard.press('Escape');
  await input.fill('Swe');
  await expect.poll(() => optionNames(page, 'trip-nationality')).toEqual(['Sweden']);
  await page.screenshot({ path: '/tmp/shots/country-pre-arrival.png' });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('trip-nationality')).toHaveAttribute('data-value', 'SE');
});
