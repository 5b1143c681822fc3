/**
 * Issue 34 item 3 on a phone (390x844, vi): a passport read from its MRZ that has expired is
 * flagged in the scan review, saved all the same, and flagged again in the traveller's details.
 */
import { mrzCheckDigit } from '@bh/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true, isMobile: true });

/** A TD3 passport zone with its check digits (dates YYMMDD). */
function td3(fields: { surname: string; given: string; number: string; birth: string; expiry: string }) {
  const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);
  const line1 = pad(`P<VNM${fields.surname}<<${fields.given.replace(/ /g, '<')}`, 44);
  const number = pad(fields.number, 9);
  const personal = pad('', 14);
  const parts = [
    number + mrzCheckDigit(number),
    'VNM',
    fields.birth + mrzCheckDigit(fields.birth),
    'F',
    fields.expiry + mrzCheckDigit(fields.expiry),
    personal + mrzCheckDigit(personal),
  ];
  const body = parts.join('');
  const composite = body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43);
  return `${line1}\n${body}${mrzCheckDigit(composite)}`;
}

test('an expired passport is flagged in the scan review and in the details, and saved', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
  await loginAs(page, 'officer');
  await page.getByTestId('scan-button').click();
  await expect(page.getByTestId('scan-page')).toBeVisible();
  const number = `C${String(Date.now()).slice(-7)}`;
  await page
    .getByTestId('scan-text')
    .fill(td3({ surname: 'PHAM', given: 'THI HET', number, birth: '900402', expiry: '251120' }));
  await page.getByTestId('scan-read').click();

  const review = page.getByTestId('review-form');
  await expect(review).toBeVisible();
  await expect(review.locator('input[name="passportNo"]')).toHaveValue(number);
  const warning = page.getByTestId('passport-expiry-warning');
  await expect(warning).toHaveAttribute('data-warning', 'expired');
  await expect(warning).toHaveText('Hộ chiếu đã hết hạn ngày 20/11/2025');
  await page.screenshot({ path: '/tmp/shots/intake-review-expired.png' });

  // Saved all the same (the flight, which pandemic mode asks for, filled in), and flagged in the details.
  await review.locator('[name="flightNo"]').fill('VN123');
  await review.locator('[name="origin"]').selectOption('NRT');
  await review.locator('[name="destination"]').selectOption('HAN');
  await page.getByTestId('review-save').click();
  await expect(page.getByTestId('review-saved')).toBeVisible();
  await page.getByRole('link', { name: 'Về danh sách' }).click();
  await page.getByTestId('quick-search').fill(number);
  const card = page.getByTestId('traveler-card');
  await expect(card).toHaveCount(1);
  await card.getByTestId('action-view').click();
  const details = page.getByTestId('traveler-details');
  await expect(details.getByTestId('passport-expiry-warning')).toHaveText(
    'Hộ chiếu đã hết hạn ngày 20/11/2025',
  );
  await page.screenshot({ path: '/tmp/shots/details-expired.png' });
});
