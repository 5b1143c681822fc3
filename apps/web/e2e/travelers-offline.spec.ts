import { expect, test } from '@playwright/test';
import { loginAs, officerReadyOffline } from './helpers.ts';
import { addTraveler, rowOf, uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN' });

test('adds a traveller offline: pending on the device, synced after reconnecting', async ({
  page,
  context,
}) => {
  await officerReadyOffline(page);

  await context.setOffline(true);
  await expect(page.getByTestId('travelers-offline')).toBeVisible();
  const name = `Offline ${uniq()}`;
  await addTraveler(page, { fullName: name, passportNo: `KR${uniq()}1`, nationality: 'KR' });
  const row = rowOf(page, name);
  await expect(row.getByTestId('traveler-sync')).toHaveAttribute('data-sync', 'pending');

  await expect(page.getByTestId('stat-pending')).not.toHaveText('0');

  await context.setOffline(false);
  // Synced rows carry no sync badge.
  await expect(rowOf(page, name).getByTestId('traveler-sync')).toHaveCount(0, { timeout: 45_000 });
  await expect(rowOf(page, name)).toBeVisible();
});

test('travellers made offline survive a reload while offline, then reach the server database', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await officerReadyOffline(page);

  await context.setOffline(true);
  const names = [`Reload A ${uniq()}`, `Reload B ${uniq()}`];
  for (const fullName of names) {
    await addTraveler(page, { fullName, passportNo: `JP${uniq()}2`, nationality: 'JP' });
  }
  await page.reload();
  for (const name of names) {
    await expect(rowOf(page, name).getByTestId('traveler-sync')).toHaveAttribute('data-sync', 'pending');
  }

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // On the server: asked directly with the officer's token.
  await expect
    .poll(
      async () =>
        page.evaluate(async (wanted) => {
          const token = localStorage.getItem('token');
          const res = await fetch(`/api/travelers?fullName=${encodeURIComponent('Reload')}&pageSize=100`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const body = (await res.json()) as { items?: { fullName: string }[] };
          return wanted.filter((n) => body.items?.some((t) => t.fullName === n)).length;
        }, names),
      { timeout: 60_000 },
    )
    .toBe(2);
  for (const name of names) await expect(rowOf(page, name).getByTestId('traveler-sync')).toHaveCount(0);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the add form opens offline: the list loads its dialogs next to it', async ({ page, context }) => {
    await loginAs(page, 'officer');
    await expect(page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'))).toBeVisible();
    // The form's module arrives without anyone opening the form.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => e.name.includes('traveler-form-modal')),
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    const name = `Preloaded ${uniq()}`;
    await addTraveler(page, { fullName: name, passportNo: `FR${uniq()}3`, nationality: 'FR' });
    await expect(rowOf(page, name).getByTestId('traveler-sync')).toHaveAttribute('data-sync', 'pending');
  });
});
