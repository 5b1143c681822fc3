import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { rowOf, search, uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await loginAs(page, 'officer');
});

test('imports a CSV with a per-row report, refuses a second import of the same rows, and the travellers arrive by sync', async ({
  page,
}) => {
  const id = uniq();
  const csv = [
    'fullName,passportNo,nationality,entryDate,gender',
    `Import One ${id},P${id}01,FR,2026-05-01,female`,
    `Import Bad ${id},X1,FR,2026-05-01,male`,
    `Import Two ${id},P${id}02,DE,2026-05-02,male`,
    `Import One ${id},P${id}01,FR,2026-05-01,female`,
  ].join('\n');
  const upload = async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.locator('[data-testid="import-form"] input[type="file"]').setInputFiles({
      name: `arrivals-${id}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('import-start').click();
    return page.getByTestId('import-report');
  };

  const report = await upload();
  await expect(report).toContainText('Imported 2 of 4 rows.');
  await expect(page.getByTestId('import-rejected-count')).toHaveText('2 rows rejected');
  await expect(report.locator('tbody tr')).toHaveText([/^3.*Passport/, /^5.*Already registered/]);
  const download = page.waitForEvent('download');
  await page.getByTestId('import-report-download').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`arrivals-${id}-rejected.csv`);
  const text = await readFile((await saved.path())!, 'utf8');
  expect(text.startsWith('\uFEFFRow,Field,Reason\r\n3,')).toBe(true);
  await page.getByTestId('import-form').getByRole('button', { name: 'Close' }).click();

  // The same file again (say, after a lost reply): nobody is registered twice.
  const again = await upload();
  await expect(again).toContainText('Imported 0 of 4 rows.');
  await expect(page.getByTestId('import-rejected-count')).toHaveText('4 rows rejected');
  await page.getByTestId('import-form').getByRole('button', { name: 'Close' }).click();

  await search(page, { fullName: `Import`, passportNo: `P${id}0` });
  await expect(rowOf(page, `Import One ${id}`)).toHaveCount(1, { timeout: 30_000 });
  await expect(rowOf(page, `Import Two ${id}`)).toHaveCount(1);
});

test('exports the register as CSV with a BOM and the spec columns', async ({ page }) => {
  await expect(page.getByTestId('stat-total')).not.toHaveText('0', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await saved.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = text.slice(1).trim().split(/\r?\n/);
  expect(header).toContain('fullName');
  expect(header).toContain('passportNo');
  expect(rows.some((r) => r.includes('Nguyễn Văn An'))).toBe(true);
});
