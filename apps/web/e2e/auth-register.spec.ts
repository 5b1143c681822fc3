import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test.use({ locale: 'en-US' });

test('register -> an admin approves -> the new officer logs in; an admin manages users', async ({ page }) => {
  const email = `new-officer-${Date.now()}@demo.vn`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await page.waitForURL('**/auth/register');

  // The registration rules are checked before anything is sent.
  await page.locator('form[data-testid="register-form"] button[type="submit"]').click();
  await expect(page.locator('#register-name-error')).toBeVisible();
  await expect(page.locator('#register-terms-error')).toBeVisible();

  await page.locator('#register-name').fill('Trần Thị Mới');
  await page.locator('#register-email').fill('inspector@demo.vn');
  await page.locator('#register-password').fill('weakpass');
  await expect(page.locator('#register-password-error')).toBeVisible();
  // The rule is shown with the field (12+ characters of any kind).
  await expect(page.locator('#register-password-hint')).toContainText('At least 12 characters');
  await page.locator('#register-password').fill('Strong@123-river');
  await page.locator('#register-confirmPassword').fill('Strong@124-river');
  await expect(page.locator('#register-confirmPassword-error')).toBeVisible();
  await page.locator('#register-confirmPassword').fill('Strong@123-river');
  await page.locator('#register-age').fill('17');
  await expect(page.locator('#register-age-error')).toBeVisible();
  await page.locator('#register-age').fill('29');
  await page.locator('#register-gender').selectOption('female');
  // The post asked for, among the open posts (its supervisors may decide the request).
  await page.locator('#register-post').selectOption({ label: 'HAN · Noi Bai International Airport' });
  await page.locator('#register-terms').check();
  // A common password is refused by the server, on the field.
  await page.locator('#register-password').fill('qwerty123456');
  await page.locator('#register-confirmPassword').fill('qwerty123456');
  await page.locator('form[data-testid="register-form"] button[type="submit"]').click();
  await expect(page.locator('#register-password-error')).toContainText('too common');
  await page.locator('#register-password').fill('Strong@123-river');
  await page.locator('#register-confirmPassword').fill('Strong@123-river');
  await page.locator('#register-email').fill(email);
  await page.locator('form[data-testid="register-form"] button[type="submit"]').click();
  await expect(page.getByTestId('register-success')).toContainText('Check with your administrator');

  // Not yet approved: the login is refused.
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('Strong@123-river');
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toBeVisible();

  await loginAs(page, 'admin');
  await page.goto('/admin/account-requests');
  const request = page.locator(`[data-testid="account-request"][data-email="${email}"]`);
  await expect(request.getByTestId('account-request-post')).toContainText(
    'HAN · Noi Bai International Airport',
  );
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'can now log in' })).toBeVisible();
  await expect(request).toHaveCount(0);

  // The admin sees the new officer in the user list and can disable and re-enable them.
  await page.goto('/admin/users');
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]:visible`);
  await expect(row).toContainText('Trần Thị Mới');
  await expect(row.getByRole('combobox')).toHaveValue('officer');
  await row.getByRole('button', { name: /^Disable/ }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: /^Enable/ }).click();
  await expect(row).toContainText('Active');

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('Strong@123-river');
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(user).toMatchObject({ email, role: 'officer' });
});

test('an e-mail that already has an account gets the same answer as a new one (no enumeration)', async ({
  page,
}) => {
  await page.goto('/auth/register');
  const form = page.locator('form[data-testid="register-form"]');
  for (const [field, value] of [
    ['#register-name', 'Người Thử'],
    ['#register-email', 'inspector@demo.vn'],
    ['#register-password', 'Another@2026-river'],
    ['#register-confirmPassword', 'Another@2026-river'],
    ['#register-age', '40'],
  ] as const) {
    await form.locator(field).fill(value);
  }
  await form.locator('#register-gender').selectOption('male');
  await form.locator('#register-post').selectOption({ index: 1 });
  await form.locator('#register-terms').check();
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('register-success')).toContainText('Check with your administrator');
  await expect(page.locator('#register-email-error')).toHaveCount(0);
});

test('an admin creates a user who can then log in', async ({ page }) => {
  const email = `created-${Date.now()}@demo.vn`;
  await loginAs(page, 'admin');
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const form = page.getByTestId('user-create-form');
  await form.locator('#new-user-name').fill('Phạm Văn Tạo');
  await form.locator('#new-user-email').fill(email);
  await form.locator('#new-user-password').fill('Strong@123-river');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.locator(`[data-testid="user-row"][data-email="${email}"]:visible`)).toBeVisible();
});
