/**
 * Issue 35 on a phone (390x844, vi): the home is today's work queue (rows open the traveller's
 * page, which leads with identity and risk), a hard-to-undo move asks first and a cleared
 * traveller leaves the queue, the audit log reads as sentences and finds a traveller by name,
 * and every control in view (dialogs included) is at least 44x44 px. The audit log's status
 * entries name the statuses, and on a phone its entries start on the first screen.
 */
import { validDeclarationForm } from '@bh/shared/testing';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { api } from './lifecycle-helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true, isMobile: true });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
});

/** Visible controls smaller than 44x44 px (a description of each); check boxes count by their label. */
async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'select',
      'textarea',
      'summary',
      'a.btn',
      '[role="button"]',
      'input:not([type="hidden"], [type="file"])',
    ].join(',');
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], dialog:not([open]), .hidden')) continue;
      const boxed =
        el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
          ? (el.closest('label') ?? el)
          : el;
      const r = boxed.getBoundingClientRect();
      const style = getComputedStyle(boxed);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (r.width < 43.5 || r.height < 43.5) {
        const name =
          el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return small;
  });
}

/** A traveller registered through the API; declared with a high risk when asked. */
async function traveller(page: Page, fullName: string, highRisk: boolean): Promise<string> {
  const id = await page.evaluate(() => crypto.randomUUID());
  const passportNo = `C${String(Date.now()).slice(-7)}`;
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  await api(page, '/api/travelers', {
    method: 'POST',
    body: { id, fullName, passportNo, nationality: 'VN', entryDate: today },
  });
  if (highRisk) {
    const declaration = { ...validDeclarationForm, id, travelerId: id, fullName, testFileId: null };
    await api(page, '/api/health-declarations', {
      method: 'POST',
      body: {
        ...declaration,
        passportNumber: passportNo,
        email: null,
        bodyTemperature: 38.6,
        vaccinationStatus: 'unvaccinated',
        riskZones: ['wuhan'],
        systemMode: 'pandemic',
      },
    });
  }
  return id;
}

test('home work queue, traveller page, confirmed moves and 44 px controls on a phone', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAs(page, 'officer');
  const waiting = `Phạm Chờ ${Date.now() % 10_000}`;
  const risky = `Trần Thị Hoa ${Date.now() % 10_000}`;
  await traveller(page, waiting, false);
  await traveller(page, risky, true);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-mode')).toBeVisible();
  const highRisk = page.getByTestId('queue-highRisk');
  await expect(highRisk.getByRole('button', { name: new RegExp(risky) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('queue-waiting').getByText(waiting)).toBeVisible();
  expect(await smallControls(page)).toEqual([]);

  // The row opens the traveller's page: identity, then risk, then the status decision.
  await highRisk.getByRole('button', { name: new RegExp(risky) }).click();
  const details = page.getByTestId('traveler-details');
  await expect(details.getByTestId('declaration-risk')).toContainText('Nguy cơ cao');
  const top = async (id: string) => (await details.getByTestId(id).boundingBox())?.y ?? -1;
  expect(await top('details-identity')).toBeLessThan(await top('details-risk'));
  expect(await top('details-risk')).toBeLessThan(await top('status-actions'));
  expect(await top('status-actions')).toBeLessThan(await top('details-answers'));
  await expect(details.getByRole('heading', { name: 'Khai báo y tế', exact: true })).toHaveCount(1);
  expect(await smallControls(page)).toEqual([]);

  // Quarantine asks first (the dialog's controls are touch-sized too); Cancel changes nothing.
  await details.getByTestId('status-to-quarantine').click();
  await expect(page.getByTestId('status-confirm-text')).toBeVisible();
  expect(await smallControls(page)).toEqual([]);
  await page.getByTestId('status-confirm-cancel').click();
  await expect(page.getByTestId('status-confirm')).toHaveCount(0);
  // Clearing, confirmed: the traveller leaves the work queue once the server took it.
  await details.getByTestId('status-to-cleared').click();
  await page.getByTestId('status-confirm').click();
  await expect(details.getByTestId('status-waiting')).toBeVisible();
  await page.getByTestId('details-close').click();
  await expect(highRisk.getByText(risky)).toHaveCount(0, { timeout: 30_000 });

  // The list's cards show a declared traveller's risk level.
  await page.goto('/entry-management');
  const card = page.getByTestId('traveler-card').filter({ hasText: risky });
  await expect(card.getByTestId('traveler-risk')).toHaveText('Nguy cơ cao', { timeout: 30_000 });

  await page.goto('/reports');
  await expect(page.getByTestId('report-tables')).toBeVisible();
  expect(await smallControls(page)).toEqual([]);
  // The report's tables fit the phone: nothing wider than the screen, countries by name.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('table-nationality')).toContainText('Việt Nam');
});

test('the audit log reads as sentences and finds a traveller by name', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const name = `Lê Kiểm Tra ${Date.now() % 10_000}`;
  const id = await traveller(page, name, true);
  await api(page, `/api/travelers/${id}/events`, {
    method: 'POST',
    body: {
      id: await page.evaluate(() => crypto.randomUUID()),
      occurredAt: new Date().toISOString(),
      kind: 'status_changed',
      toStatus: 'quarantine',
    },
  });
  await page.goto('/admin/audit');
  // On the phone the traveller search shows and the other filters wait behind a button, so the
  // entries start on the first screen.
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  expect((await page.getByTestId('audit-entry').first().boundingBox())?.y ?? 844).toBeLessThan(844);
  await expect(page.getByTestId('audit-userId')).toBeHidden();
  await page.getByTestId('audit-more-filters-toggle').click();
  await expect(page.getByTestId('audit-userId')).toBeVisible();
  expect(await smallControls(page)).toEqual([]);
  await page.getByTestId('audit-traveler').fill(name.toLowerCase());
  await page.getByTestId('audit-apply').click();
  const sentences = page.getByTestId('audit-sentence');
  await expect(sentences.first()).toBeVisible();
  await expect(sentences.filter({ hasText: `đã chuyển ${name} sang Cách ly` })).toHaveCount(1);
  await expect(sentences.filter({ hasText: `đã đăng ký ${name}` })).toHaveCount(1);
  await expect(
    sentences.filter({ hasText: `đã đổi trạng thái của ${name} từ Đã khai báo sang Cách ly` }),
  ).toHaveCount(1);
  await expect(page.getByTestId('audit-who').first()).toContainText('Quản trị viên');
  expect(await smallControls(page)).toEqual([]);
});
