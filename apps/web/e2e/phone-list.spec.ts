/**
 * Issue 17 item 1: the list screen on a phone (390x844) shows search, Scan, Add and the first
 * travellers without scrolling, every button and link is at least 44x44 px, the filters live in
 * a sheet with a count; tablet and desktop keep the table.
 */
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { fillDate } from './travelers-helpers.ts';

const PHONE = { width: 390, height: 844 };

/** Buttons and links in view that are smaller than 44x44 px (their text, for the message). */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], summary')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const hidden =
        r.width === 0 ||
        r.height === 0 ||
        style.visibility === 'hidden' ||
        el.closest('[aria-hidden="true"], .sr-only, dialog:not([open]), .drawer-side') !== null;
      const inView = r.bottom > 0 && r.top < window.innerHeight;
      if (!hidden && inView && (r.width < 44 || r.height < 44)) {
        out.push(
          `${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim()} ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
      }
    }
    return out;
  });
}

test.describe('phone', () => {
  test.use({ viewport: PHONE, locale: 'vi-VN', hasTouch: true, isMobile: true });

  test('search, Scan, Add and the first travellers are above the fold; targets are 44 px', async ({
    page,
  }) => {
    await loginAs(page, 'officer');
    const first = page.getByTestId('traveler-card').first();
    await expect(first).toBeVisible();
    for (const id of ['quick-search', 'scan-button', 'traveler-add', 'filters-open']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.y + box!.height, id).toBeLessThanOrEqual(PHONE.height);
    }
    const card = await first.boundingBox();
    expect(card!.y + card!.height).toBeLessThanOrEqual(PHONE.height);
    // The filter panel is folded away: the search form is not on the first screen.
    await expect(page.getByTestId('traveler-search')).toBeHidden();
    expect(await smallTargets(page)).toEqual([]);
    for (const action of ['action-view', 'action-edit', 'action-declaration']) {
      const box = await first.getByTestId(action).boundingBox();
      expect(box!.width, action).toBeGreaterThanOrEqual(44);
      expect(box!.height, action).toBeGreaterThanOrEqual(44);
    }
  });

  test('filters open in a sheet and the button counts the active ones', async ({ page }) => {
    await loginAs(page, 'officer');
    await expect(page.getByTestId('filters-count')).toHaveCount(0);
    await page.getByTestId('filters-open').click();
    const sheet = page.getByTestId('filter-sheet');
    await expect(sheet.getByTestId('traveler-search')).toBeVisible();
    await fillDate(page, sheet.getByTestId('search-entryDateFrom'), '2020-01-01');
    await sheet.getByTestId('search-submit').click();
    await expect(sheet.getByTestId('traveler-search')).toBeHidden();
    await expect(page.getByTestId('filters-count')).toHaveText('1');
  });

  test('the quick search finds by name and by passport', async ({ page }) => {
    await loginAs(page, 'officer');
    await expect(page.getByTestId('traveler-card').first()).toBeVisible();
    const name = (await page.getByTestId('traveler-card').first().getAttribute('aria-label')) ?? '';
    await page.getByTestId('quick-search').fill(name.slice(0, 4));
    await expect(page.getByTestId('traveler-card').first()).toHaveAttribute('aria-label', name);
    await page.getByTestId('quick-search').fill('ZZ99999999');
    await expect(page.getByTestId('traveler-card')).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
]) {
  test(`${viewport.width}x${viewport.height} keeps the table with the toolbar above it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await loginAs(page, 'officer');
    await expect(page.getByTestId('traveler-row').first()).toBeVisible();
    await expect(page.getByTestId('traveler-search')).toBeVisible();
    for (const id of ['quick-search-box', 'scan-button', 'traveler-add']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box!.y + box!.height, id).toBeLessThanOrEqual(viewport.height);
      expect(box!.height, id).toBeGreaterThanOrEqual(viewport.width < 1024 ? 44 : 32);
    }
  });
}

test('list shortcuts: / search, n new, ? help; an empty search says what to do next', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'officer');
  await expect(page.getByTestId('traveler-row').first()).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByTestId('quick-search')).toBeFocused();
  // Typed into the search box, "n" is text, not a shortcut.
  await page.keyboard.type('nobody-here-9');
  await expect(page.getByTestId('traveler-form')).toHaveCount(0);
  await expect(page.getByTestId('travelers-empty')).toHaveAttribute('data-reason', 'filtered');
  await page.getByTestId('empty-clear').click();
  await expect(page.getByTestId('traveler-row').first()).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-help')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page.getByTestId('traveler-form')).toBeVisible();
});
