import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAs, loginSuccessAlert } from './helpers.ts';

test.use({ locale: 'en-US' });

const email = (page: import('@playwright/test').Page) => page.locator('#login-email');
const password = (page: import('@playwright/test').Page) => page.locator('#login-password');
const submit = (page: import('@playwright/test').Page) =>
  page.locator('form[data-testid="login-form"] button[type="submit"]');

test('login succeeds: success alert, stored session, then the dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await email(page).fill(DEMO_ACCOUNTS.officer.email);
  await password(page).fill(DEMO_ACCOUNTS.officer.password);
  const alert = loginSuccessAlert(page);
  await submit(page).click();
  expect((await alert).text).toBe('Login successful!');
  await page.waitForURL('**/dashboard');
  const stored = await page.evaluate(() => ({
    flag: localStorage.getItem('isLoggedIn'),
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
  }));
  expect(stored.flag).toBe('true');
  expect(stored.token?.split('.')).toHaveLength(3);
  expect(stored.user).toMatchObject({ email: 'inspector@demo.vn', role: 'officer' });
});

test('the demo accounts box lists the seeded accounts and fills the form', async ({ page }) => {
  await page.goto('/login');
  const box = page.getByTestId('demo-accounts');
  for (const a of Object.values(DEMO_ACCOUNTS)) await expect(box).toContainText(a.email);
  await expect(box).toContainText('Quarantine officer');
  await box.getByRole('button', { name: /admin@demo\.vn/ }).click();
  await expect(email(page)).toHaveValue('admin@demo.vn');
  await expect(password(page)).toHaveValue('Admin@123');
});

test('a wrong password and an unknown e-mail give the same error', async ({ page }) => {
  await page.goto('/login');
  await email(page).fill(DEMO_ACCOUNTS.test.email);
  await password(page).fill('Wrong@1234');
  await submit(page).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password!');
  await expect(page).toHaveURL(/\/login$/);
  await email(page).fill('nobody@demo.vn');
  await submit(page).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password!');
  await expect(submit(page)).toBeEnabled();
});

test('fields are validated on blur and change', async ({ page }) => {
  await page.goto('/login');
  await email(page).focus();
  await email(page).blur();
  await expect(page.locator('#login-email-error')).toHaveText(/required/i);
  await email(page).fill('not-an-email');
  await expect(page.locator('#login-email-error')).toBeVisible();
  await expect(email(page)).toHaveAttribute('aria-invalid', 'true');
  await password(page).fill('12345');
  await expect(page.locator('#login-password-error')).toHaveText(/6/);
  await email(page).fill('a@demo.vn');
  await password(page).fill('123456');
  await expect(page.locator('#login-email-error')).toHaveCount(0);
  await expect(page.locator('#login-password-error')).toHaveCount(0);
});

test('an empty submit shows the errors and sends nothing', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/auth/login', (route) => {
    calls += 1;
    return route.continue();
  });
  await page.goto('/login');
  await submit(page).click();
  await expect(page.locator('#login-email-error')).toBeVisible();
  await expect(page.locator('#login-password-error')).toBeVisible();
  expect(calls).toBe(0);
});

test('a server failure shows the server error message', async ({ page }) => {
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"server_error","message":"x"}}',
    }),
  );
  await page.goto('/login');
  await email(page).fill(DEMO_ACCOUNTS.officer.email);
  await password(page).fill(DEMO_ACCOUNTS.officer.password);
  await submit(page).click();
  await expect(page.getByTestId('login-error')).toHaveText('An error occurred, please try again!');
});

test('after 5 failures the account is rate limited from this address', async ({ page }) => {
  const target = `limited-${Date.now()}@demo.vn`;
  await page.goto('/login');
  await email(page).fill(target);
  await password(page).fill('Wrong@1234');
  for (let i = 0; i < 5; i++) {
    await submit(page).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password!');
    await expect(submit(page)).toBeEnabled();
  }
  const answer = page.waitForResponse('**/api/auth/login');
  await submit(page).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByTestId('login-error')).toContainText('Too many failed attempts');
  // Another account from the same address is not affected.
  await loginAs(page, 'test');
});
