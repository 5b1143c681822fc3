import { expect, test } from '@playwright/test';
import { officerReadyOffline } from './helpers.ts';
import { api, declaredTraveler } from './lifecycle-helpers.ts';
import { rowOf, search, uniq } from './travelers-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN' });

test('moves a traveller to quarantine, records two check-ins offline, the server has them exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await officerReadyOffline(page);

  // A declared traveller (registered and declared at the desk, through the API).
  const name = `Cach ly ${uniq()}`;
  const id = await declaredTraveler(page, name);

  // The officer finds the traveller (pulled from the server) and moves them to quarantine.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(async () => {
    await search(page, { fullName: name });
    await expect(rowOf(page, name).getByTestId('traveler-status')).toHaveText('Đã khai báo', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 45_000 });
  await rowOf(page, name).getByTestId('action-view').click();
  const details = page.getByTestId('traveler-details');
  await expect(details.getByTestId('timeline-event')).toHaveCount(2);
  await details.getByTestId('status-reason').fill('Sốt nhẹ tại cửa khẩu');
  await details.getByTestId('status-to-quarantine').click();
  // Hard to undo: the move is confirmed in a dialog (issue 35).
  await page.getByTestId('status-confirm').click();
  await expect(details.getByTestId('quarantine-panel')).toBeVisible();
  // The server accepts it and the device pulls the traveller back in quarantine, with its schedule.
  await expect
    .poll(async () => (await api<{ status: string }>(page, `/api/travelers/${id}`)).status, {
      timeout: 45_000,
    })
    .toBe('quarantine');
  await expect(details.getByTestId('traveler-status')).toHaveText('Cách ly', { timeout: 45_000 });
  await expect(details.getByTestId('status-waiting')).toHaveCount(0);

  // Offline: two check-ins, kept on the device.
  await context.setOffline(true);
  const form = details.getByTestId('check-in-form');
  for (const temperature of ['37.2', '38.1']) {
    await form.getByTestId('check-in-temperature').fill(temperature);
    await form.getByTestId('check-in-save').click();
    await expect(form.getByTestId('check-in-saved')).toBeVisible();
  }
  await expect(details.getByTestId('check-in-item')).toHaveCount(2);
  await expect(details.locator('[data-state="done"]')).toHaveCount(1);

  // Back online: the engine pushes them; the server has each exactly once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const checkIns = async () => {
    const { items } = await api<{ items: { kind: string; details: { temperature: number } }[] }>(
      page,
      `/api/travelers/${id}/events`,
    );
    return items
      .filter((e) => e.kind === 'check_in')
      .map((e) => e.details.temperature)
      .sort();
  };
  await expect.poll(checkIns, { timeout: 60_000 }).toEqual([37.2, 38.1]);
  // A later sync (reload: a new engine, the same outbox) sends nothing twice.
  await page.reload();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(3_000);
  expect(await checkIns()).toEqual([37.2, 38.1]);
  const status = await api<{ status: string }>(page, `/api/travelers/${id}`);
  expect(status.status).toBe('quarantine');

  // The fever at the last check-in puts the traveller in the needs-attention list.
  await page.goto('/needs-attention');
  await expect(
    page.getByTestId('attention-item').filter({ hasText: name }).locator('[data-reason="feverAtCheckIn"]'),
  ).toBeVisible({ timeout: 20_000 });
});
