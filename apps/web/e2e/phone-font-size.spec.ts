/**
 * Issue 34 items 6 and 7 on a phone (390x844, vi): every visible text field, select, text area
 * and date segment of the main forms is at least 16 px (iPhone Safari zooms the page when a
 * smaller field gets focus), and a check-in temperature typed "37,8" is accepted and shown
 * "37,8 °C".
 */
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { declaredTraveler } from './lifecycle-helpers.ts';
import { uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true, isMobile: true });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
});

/** Visible controls whose computed font size is under 16 px (a description of each). */
async function smallFields(page: Page): Promise<{ count: number; small: string[] }> {
  return page.evaluate(() => {
    const selector = [
      'input:not([type="checkbox"], [type="radio"], [type="range"], [type="file"], [type="hidden"])',
      'select',
      'textarea',
      '[role="spinbutton"]',
    ].join(',');
    const small: string[] = [];
    let count = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], dialog:not([open])')) continue;
      count++;
      const size = Number.parseFloat(style.fontSize);
      if (size < 16) {
        const name = el.getAttribute('name') ?? el.dataset.testid ?? el.getAttribute('aria-label') ?? el.id;
        small.push(`${el.tagName.toLowerCase()} ${name}: ${style.fontSize}`);
      }
    }
    return { count, small };
  });
}

async function expectNoSmallFields(page: Page, atLeast: number) {
  const { count, small } = await smallFields(page);
  expect(small).toEqual([]);
  expect(count).toBeGreaterThanOrEqual(atLeast);
}

test('the login form: every field at least 16 px', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#login-email')).toBeVisible();
  await expectNoSmallFields(page, 2);
});

test('the add form, the details and the check-in: every field at least 16 px; 37,8 is a temperature', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'officer');
  await expect(page.getByTestId('traveler-add')).toBeVisible();
  // The list's own search field, then the filters' sheet (name, passport, country, dates).
  await expectNoSmallFields(page, 1);
  await page.getByTestId('filters-open').click();
  await expect(page.getByTestId('filter-sheet').getByTestId('traveler-search')).toBeVisible();
  await expectNoSmallFields(page, 4);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('filter-sheet').getByTestId('traveler-search')).toBeHidden();

  await page.getByTestId('traveler-add').click();
  await expect(page.getByTestId('traveler-form')).toBeVisible();
  await expectNoSmallFields(page, 6);
  await page.keyboard.press('Escape');

  // A declared traveller, moved to quarantine here: the check-in form shows at once.
  const name = `Co chu ${uniq()}`;
  await declaredTraveler(page, name);
  const card = page.locator(`[data-testid="traveler-card"][aria-label="${name}"]`);
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('quick-search').fill('Co chu');
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await card.getByTestId('action-view').click();
  const details = page.getByTestId('traveler-details');
  await details.getByTestId('status-reason').fill('Sốt nhẹ');
  await details.getByTestId('status-to-quarantine').click();
  // Hard to undo: the move is confirmed in a dialog (issue 35).
  await page.getByTestId('status-confirm').click();
  const form = details.getByTestId('check-in-form');
  await expect(form).toBeVisible();
  await expectNoSmallFields(page, 3);

  await form.getByTestId('check-in-temperature').fill('37,8');
  await form.getByTestId('check-in-temperature').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/check-in-vi-typed.png' });
  await form.getByTestId('check-in-save').click();
  await expect(form.getByTestId('check-in-saved')).toBeVisible();
  await expect(details.getByTestId('check-in-item').first()).toContainText('37,8 °C');
  await details.getByTestId('check-in-item').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/check-in-vi-saved.png' });
});
