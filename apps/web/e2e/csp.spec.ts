import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';
import { addTraveler, rowOf, uniq } from './travelers-helpers.ts';

/**
 * The app keeps its own Content Security Policy: no page, form or schema check causes a
 * `securitypolicyviolation` (zod's eval probe once did on every page).
 */
test.use({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });

const violations = (page: Page) => page.evaluate(() => Reflect.get(window, '__csp'));

test('signing in, the register form, the list and a traveller form cause no CSP violation', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, '__csp', seen);
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await page.goto('/auth/register');
  // The register form checks its fields with the shared zod schemas.
  await page.locator('form[data-testid="register-form"] button[type="submit"]').click();
  await expect(page.locator('#register-name-error')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await loginAs(page, 'officer');
  await expect(page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'))).toBeVisible();
  // A traveller saved through the form: the shared schemas check it on the device.
  const name = `CSP Check ${uniq()}`;
  // A Vietnamese passport number of its own (a letter and seven digits): intake-scan counts its
  // pre-arrival traveller's C7654321 once on the server.
  const passportNo = `D${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await addTraveler(page, { fullName: name, passportNo, nationality: 'VN' });
  await expect(rowOf(page, name)).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
