import { expect, type Locator, type Page } from '@playwright/test';

const INTL_TAG: Record<string, string> = { vi: 'vi-VN', en: 'en-GB', ja: 'ja-JP' };
const pageLang = async (page: Page) =>
  INTL_TAG[(await page.locator('html').getAttribute('lang')) ?? 'vi'] ?? 'vi-VN';

/** Picks a country in a country combobox (by test id) by typing its name in the page's language. */
export async function pickCountry(page: Page, testId: string, code: string) {
  const name = new Intl.DisplayNames([await pageLang(page)], { type: 'region' }).of(code) ?? code;
  const input = page.getByTestId(testId).getByRole('combobox');
  await input.fill(name);
  await page.locator(`[role="option"][data-code="${code}"]`).click();
  await expect(page.getByTestId(testId)).toHaveAttribute('data-value', code);
}

/** Types a 'YYYY-MM-DD' day into a date field, segment by segment in the page language's order. */
export async function fillDate(page: Page, field: Locator, iso: string) {
  const [y, m, d] = iso.split('-');
  const order = new Intl.DateTimeFormat(await pageLang(page), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .formatToParts(new Date(2000, 0, 2))
    .map((p) => p.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
  const part: Record<string, string | undefined> = { day: d, month: m, year: y };
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(order.map((type) => part[type] ?? '').join(''));
  await expect(field).toHaveAttribute('data-value', iso);
}

export const uniq = () => Math.random().toString(36).slice(2, 7).toUpperCase();

export interface NewTraveler {
  fullName: string;
  passportNo: string;
  nationality: string;
  gender?: string;
  entryDate?: string;
}

/** Fills and saves the add form (flight fields filled, so it passes in pandemic mode too). */
export async function addTraveler(page: Page, t: NewTraveler, answer: 'yes' | 'no' = 'no') {
  await page.getByTestId('traveler-add').click();
  const form = page.getByTestId('traveler-form');
  await expect(form).toBeVisible();
  await form.locator('[name="fullName"]').fill(t.fullName);
  await form.locator('[name="passportNo"]').fill(t.passportNo);
  await pickCountry(page, 'field-nationality', t.nationality);
  if (t.entryDate) await fillDate(page, form.getByTestId('field-entryDate'), t.entryDate);
  await form.locator('[name="gender"]').selectOption(t.gender ?? 'female');
  await form.locator('[name="flightNo"]').fill('VN123');
  await form.locator('[name="origin"]').selectOption('NRT');
  await form.locator('[name="destination"]').selectOption('HAN');
  await page.getByTestId('traveler-save').click();
  await expect(page.getByTestId('saved-question')).toBeVisible();
  await page.getByTestId(answer === 'yes' ? 'saved-yes' : 'saved-no').click();
}

/** The list row (table) of a traveller by name. */
export const rowOf = (page: Page, name: string) => page.getByTestId('traveler-row').filter({ hasText: name });

export async function search(
  page: Page,
  fields: Partial<Record<'fullName' | 'passportNo' | 'entryDateFrom' | 'entryDateTo', string>> & {
    nationality?: string;
  },
) {
  await page.getByTestId('search-clear').click();
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'nationality') await pickCountry(page, 'search-nationality', v);
    else if (k === 'fullName' || k === 'passportNo') await page.locator(`#search-${k}`).fill(v);
    else await fillDate(page, page.getByTestId(`search-${k}`), v);
  }
  await page.getByTestId('search-submit').click();
}
