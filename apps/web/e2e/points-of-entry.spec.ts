/**
 * Points of entry (issue 32): an admin creates a post on the posts screen, and an officer at HAN
 * sees their post named in the top bar (the test officer works at SGN).
 */
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

test('an admin creates a post; officers see their own post in the top bar', async ({ browser }) => {
  const code = `E${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const admin = await browser.newPage();
  await loginAs(admin, 'admin');
  // The admin reads every post and works at one (where the travellers they register belong).
  await admin.getByTestId('post-switcher').click();
  await expect(admin.getByText('You read every post.', { exact: false })).toBeVisible();
  await expect(admin.getByTestId('switch-post-HUN')).toBeVisible();
  await admin.keyboard.press('Escape');
  await admin.getByRole('link', { name: 'Points of entry' }).click();
  await expect(
    admin.getByTestId('posts-table').getByTestId('post-row').filter({ hasText: 'HAN' }),
  ).toBeVisible();
  await admin.getByTestId('post-create-open').click();
  const form = admin.getByTestId('post-form');
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Name in Vietnamese').fill('Cảng Hải Phòng');
  await form.getByLabel('Name in English').fill('Hai Phong seaport');
  await form.getByLabel('Name in Japanese').fill('ハイフォン港');
  await form.getByLabel('Kind').selectOption('seaport');
  await form.getByLabel('Province').fill('Hải Phòng');
  await form.getByRole('button', { name: 'New post' }).click();
  await expect(admin.getByTestId('posts-message')).toHaveText(`Post ${code} was created.`);
  const row = admin.getByTestId('posts-table').getByTestId('post-row').filter({ hasText: code });
  await expect(row).toContainText('Hai Phong seaport');
  await expect(row).toContainText('Seaport');
  await expect(row).toContainText('Open');

  // A second post with the same code is refused on the code field.
  await admin.getByTestId('post-create-open').click();
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name in Vietnamese').fill('Trùng');
  await form.getByLabel('Name in English').fill('Twin');
  await form.getByLabel('Name in Japanese').fill('重複');
  await form.getByLabel('Province').fill('Hải Phòng');
  await form.getByRole('button', { name: 'New post' }).click();
  await expect(form).toContainText('Another post already has this code');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Close it: it stays listed, closed.
  await row.getByTestId('post-close').click();
  await admin.getByTestId('post-close-confirm').click();
  await expect(row).toContainText('Closed');
  await admin.close();

  const officer = await browser.newPage();
  await loginAs(officer, 'officer');
  await expect(officer.getByTestId('current-post')).toContainText('HAN');
  await expect(officer.getByTestId('current-post')).toContainText('Noi Bai');
  await officer.close();

  const other = await browser.newPage();
  await loginAs(other, 'test');
  await expect(other.getByTestId('current-post')).toContainText('SGN');
  await other.close();
});
