import { expect, type Page } from '@playwright/test';

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
  await form.locator('[name="nationality"]').selectOption(t.nationality);
  if (t.entryDate) await form.locator('[name="entryDate"]').fill(t.entryDate);
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
    if (k === 'nationality') await page.locator('#search-nationality').selectOption(v);
    else await page.locator(`#search-${k}`).fill(v);
  }
  await page.getByTestId('search-submit').click();
}
