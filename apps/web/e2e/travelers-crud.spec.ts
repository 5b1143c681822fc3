import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { addTraveler, rowOf, search, uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN' });

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'officer');
  await expect(page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'))).toBeVisible();
});

test('the spec sample travellers arrive from the server by sync', async ({ page }) => {
  // Sync has delivered them once the list counts at least three; then each is found by name.
  await expect
    .poll(async () => Number(await page.getByTestId('stat-total').textContent()), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(3);
  for (const name of ['Nguyễn Văn An', 'John Smith', 'Tanaka Yuki']) {
    await search(page, { fullName: name });
    await expect(rowOf(page, name)).toBeVisible({ timeout: 30_000 });
  }
});

test('adds a traveller (normalised passport, saved question), edits it and shows details', async ({
  page,
}) => {
  const id = uniq();
  const name = `Trần Thị ${id}`;
  const before = Number(await page.getByTestId('stat-total').textContent());
  await addTraveler(page, { fullName: name, passportNo: ' c 12345 67', nationality: 'VN' });
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('C1234567');
  await expect(page.getByTestId('stat-total')).not.toHaveText(String(before));

  await row.getByTestId('action-edit').click();
  const form = page.getByTestId('traveler-form');
  await form.locator('[name="fullName"]').fill(`${name} Edited`);
  await form.locator('[name="note"]').fill('Ghi chú kiểm tra');
  await page.getByTestId('traveler-save').click();
  await expect(rowOf(page, `${name} Edited`)).toBeVisible();

  await rowOf(page, `${name} Edited`).getByTestId('action-view').click();
  const details = page.getByTestId('traveler-details');
  await expect(details).toContainText('Ghi chú kiểm tra');
  await expect(page.getByTestId('details-birthDate')).toHaveText('Không có');
  // The status follows the lifecycle (quarantine-offline.spec.ts moves one): without a declaration
  // there is no status to choose, and the timeline shows the registration.
  await expect(details.getByTestId('status-actions')).toContainText('tờ khai y tế');
  await expect(details.getByTestId('status-to-cleared')).toHaveCount(0);
  await expect(details.getByTestId('timeline-event').first()).toHaveAttribute('data-kind', 'created', {
    timeout: 30_000,
  });
  await page.getByTestId('details-close').click();
  // The list is virtualised: find the traveller as an officer would, by name.
  await search(page, { fullName: `${name} Edited` });
  await expect(rowOf(page, `${name} Edited`).getByTestId('traveler-status')).toHaveText('Chờ khai báo');
});

test('refuses an incomplete form with translated messages (pandemic mode)', async ({ page }) => {
  await page.getByTestId('traveler-add').click();
  await page.getByTestId('traveler-save').click();
  const form = page.getByTestId('traveler-form');
  await expect(form).toContainText('Vui lòng nhập đầy đủ thông tin');
  await form.locator('[name="passportNo"]').fill('AB1');
  await page.getByTestId('traveler-save').click();
  await expect(form.locator('[name="passportNo"]')).toHaveAttribute('aria-invalid', 'true');
});

test('searches by each filter, then clears', async ({ page }) => {
  const id = uniq();
  await addTraveler(page, {
    fullName: `Alpha ${id}`,
    passportNo: `JP${id}1`,
    nationality: 'JP',
    entryDate: '2025-01-10',
  });
  await addTraveler(page, {
    fullName: `Beta ${id}`,
    passportNo: `GB${id}2`,
    nationality: 'GB',
    entryDate: '2025-02-20',
  });
  const alpha = rowOf(page, `Alpha ${id}`);
  const beta = rowOf(page, `Beta ${id}`);

  await search(page, { fullName: `alpha ${id.toLowerCase()}` });
  await expect(alpha).toBeVisible();
  await expect(beta).toHaveCount(0);

  await search(page, { passportNo: `gb${id.toLowerCase()}` });
  await expect(beta).toBeVisible();
  await expect(alpha).toHaveCount(0);

  await search(page, { nationality: 'JP', fullName: id });
  await expect(alpha).toBeVisible();
  await expect(beta).toHaveCount(0);

  await search(page, { entryDateFrom: '2025-02-20', entryDateTo: '2025-02-20', fullName: id });
  await expect(beta).toBeVisible();
  await expect(alpha).toHaveCount(0);

  await search(page, { fullName: `nobody-${id}` });
  await expect(page.getByTestId('travelers-empty')).toBeVisible();

  // Clear empties the fields and lists everyone again (the list is virtualised, so compare the
  // count with the total rather than look for two rows that may be scrolled out of view).
  await page.getByTestId('search-clear').click();
  await expect(page.locator('#search-fullName')).toHaveValue('');
  await expect
    .poll(async () => {
      const total = (await page.getByTestId('stat-total').textContent())?.trim() ?? '-';
      return (await page.getByTestId('travelers-count').textContent())?.startsWith(`${total} `);
    })
    .toBe(true);
  await search(page, { fullName: id });
  await expect(alpha).toBeVisible();
  await expect(beta).toBeVisible();
});

test('opens the health declaration from the details and after saving', async ({ page }) => {
  const id = uniq();
  const name = `Lê Văn ${id}`;
  await addTraveler(page, { fullName: name, passportNo: `FR${id}9`, nationality: 'FR' });
  await rowOf(page, name).getByTestId('action-view').click();
  await page.getByTestId('details-declaration').click();
  await page.waitForURL(/\/health-declaration\/[0-9a-f-]{36}\?/);
  const url = new URL(page.url());
  const travelerId = url.pathname.split('/').at(-1);
  expect(url.searchParams.get('travelerId')).toBe(travelerId);
  expect(url.searchParams.get('fullName')).toBe(name);
  expect(url.searchParams.get('passportNo')).toBe(`FR${id}9`);

  await page.goto('/entry-management');
  await addTraveler(page, { fullName: `${name} B`, passportNo: `FR${id}8`, nationality: 'FR' }, 'yes');
  await page.waitForURL(/\/health-declaration\/[0-9a-f-]{36}\?/);
  expect(new URL(page.url()).searchParams.get('fullName')).toBe(`${name} B`);
});
