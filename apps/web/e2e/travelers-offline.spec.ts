import { expect, test } from '@playwright/test';
import { loginAs, waitForServiceWorker } from './helpers.ts';
import { addTraveler, rowOf, uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN' });

test('adds a traveller offline: pending on the device, synced after reconnecting', async ({
  page,
  context,
}) => {
  await loginAs(page, 'officer');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'))).toBeVisible();

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
