/**
 * Issue 17 items 4 and 5: an officer who signed in on this device can sign in again with no
 * network after logging out (a local PBKDF2 verifier and the cached profile), and the real
 * session is renewed when the network returns; logging out with unsent changes warns first;
 * the profile screen shows the account and changes the password with the rules shown.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAs, loginSuccessAlert, openList, waitForServiceWorker } from './helpers.ts';
import { addTraveler, uniq } from './travelers-helpers.ts';

test.use({ locale: 'vi-VN' });

async function fillLogin(page: Page, email: string, password: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
}

async function logoutFromMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
}

test('offline sign-in after a logout that locked, renewed when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await waitForServiceWorker(page);
  await loginAs(page, 'officer');
  // The verifier is made in the background after the online sign-in.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('offline-signin') ?? ''))
    .toContain('inspector@demo.vn');
  await expect(page.getByTestId('traveler-row').first()).toBeVisible();
  // With a change unsent, logout locks and keeps the device's data (with nothing unsent it wipes
  // it, and there is nothing to sign in to offline: docs/decisions/016-encryption-at-rest.md).
  await context.setOffline(true);
  await addTraveler(page, {
    fullName: `Ngoại Tuyến ${uniq()}`,
    passportNo: `C${Date.now() % 10_000_000}`.padEnd(8, '0'),
    nationality: 'VN',
  });
  await logoutFromMenu(page);
  await page.getByTestId('logout-anyway').click();
  await page.waitForURL('**/login');

  const { email, password } = DEMO_ACCOUNTS.officer;
  await fillLogin(page, email, 'Wrong@1234');
  await expect(page.getByTestId('login-error')).toBeVisible();
  const alert = loginSuccessAlert(page);
  await fillLogin(page, email, password);
  expect((await alert).mode).toBe('offline');
  // The home screen (dashboard), then the list.
  await page.waitForURL('**/dashboard');
  await openList(page);
  await expect(page.getByTestId('traveler-row').first()).toBeVisible();
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-kind', 'offline');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('offline-session');

  await context.setOffline(false);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 })
    .not.toBe('offline-session');
  await expect(page).toHaveURL(/entry-management/);
});

test('logging out with unsent changes warns and offers to sync first', async ({ page, context }) => {
  await loginAs(page, 'officer');
  // The list is on screen before the network goes (this test is about logging out; opening the
  // list offline before its code ever loaded is travelers-offline.spec.ts's).
  await expect(page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'))).toBeVisible();
  await context.setOffline(true);
  await addTraveler(page, {
    fullName: `Chờ Gửi ${uniq()}`,
    passportNo: `C${Date.now() % 10_000_000}`.padEnd(8, '0'),
    nationality: 'VN',
  });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('logout-pending-warning')).toContainText('1 thay đổi');
  await expect(page.getByTestId('logout-sync-first')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByTestId('logout-sync-first')).toBeVisible();
  await page.getByTestId('logout-sync-first').click();
  await page.waitForURL('**/login');
});

test('profile: account, sessions, and a password change with the rules shown', async ({ page }) => {
  // A user of its own (the demo passwords are shorter than the rules allow a new password to be).
  const email = `profile-${Date.now()}@test.vn`;
  const first = 'Riverside-lantern-42';
  const admin = await page.request.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
  });
  const { token } = await admin.json();
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Hồ Sơ Thử', email, role: 'officer', password: first },
  });
  expect(created.status()).toBe(201);
  await page.goto('/login');
  await fillLogin(page, email, first);
  await page.waitForURL('**/dashboard');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('profile-link').click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('password-rules')).toContainText('ít nhất 12 ký tự');
  await expect(page.getByTestId('offline-until')).toContainText('đến');

  const form = page.getByTestId('change-password-form');
  const change = async (current: string, next: string) => {
    await form.locator('#profile-currentPassword').fill(current);
    await form.locator('#profile-newPassword').fill(next);
    await form.locator('#profile-confirmPassword').fill(next);
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  };
  await change('Nope@12345-wrong', 'Harbour-violet-2026');
  await expect(form).toContainText('Mật khẩu hiện tại không đúng');
  await change(first, 'weak');
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
  await change(first, 'Harbour-violet-2026');
  await expect(page.getByTestId('password-message')).toContainText('Đã đổi mật khẩu');
});
