/**
 * Issue 17 items 2 and 3: with a conflict waiting, the top-bar badge, the sidebar and the sync
 * centre all say so (never "up to date"); the sync centre shows the conflict's values and a
 * failed item's error translated (vi): country names, statuses, genders, local dates, no raw
 * codes.
 */
import { expect, test } from '@playwright/test';
import { loginAs, putLocalRecords } from './helpers.ts';

test.use({ viewport: { width: 1440, height: 900 }, locale: 'vi-VN' });

test('a waiting conflict drives every status place; its values read as words in vi', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
  await loginAs(page, 'officer');
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-kind', 'upToDate');
  const recordId = crypto.randomUUID();
  const base = {
    id: recordId,
    fullName: 'Kim Min Ji',
    passportNo: 'M12345678',
    entryDate: '2026-03-05',
    gender: 'female',
    purposeOfVisit: 'business',
  };
  await putLocalRecords(page, [
    {
      store: 'conflicts',
      record: {
        table: 'travelers',
        recordId,
        localData: { ...base, nationality: 'KR', status: 'pending' },
        serverData: { ...base, nationality: 'JP', status: 'declared', gender: 'male' },
        conflictType: 'version_mismatch',
        timestamp: Date.now(),
        resolved: 0,
        syncQueueId: 999_001,
        operation: 'update',
      },
    },
    {
      store: 'failedSyncItems',
      record: {
        originalSyncItem: {
          id: 999_002,
          operation: 'create',
          table: 'travelers',
          recordId: crypto.randomUUID(),
          data: { fullName: 'Lee Ji Woo', passportNo: 'M7654321' },
          baseVersion: null,
          timestamp: Date.now(),
          retryCount: 5,
          nextAttemptAt: Date.now(),
        },
        errorType: 'server_error',
        errorDetails: 'http_422',
        timestamp: Date.now(),
        canRetry: 1,
      },
    },
  ]);
  await page.reload();
  // Priority: nothing waits to be sent, so the conflict is the headline everywhere.
  await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-kind', 'conflicts');
  await expect(page.getByTestId('sync-badge')).toContainText('1 xung đột cần bạn xử lý');
  await expect(page.getByTestId('sync-badge')).toHaveClass(/badge-error/);
  await expect(page.getByTestId('sidebar-sync-status')).toHaveAttribute('data-kind', 'conflicts');

  await page.getByTestId('sync-badge').click();
  await expect(page).toHaveURL(/pwa-settings#sync-centre/);
  await expect(page.getByTestId('sync-centre-status')).toHaveAttribute('data-kind', 'conflicts');
  // The settings' app-management panel says the same (it said "Synced" with nothing pending).
  await expect(page.getByTestId('panel-sync-status')).toHaveAttribute('data-kind', 'conflicts');
  const conflict = page.locator(`[data-testid="conflict"][data-record-id="${recordId}"]`);
  await expect(conflict.getByTestId('conflict-field-nationality')).toContainText('Hàn Quốc');
  await expect(conflict.getByTestId('conflict-field-nationality')).toContainText('Nhật Bản');
  await expect(conflict.getByTestId('conflict-field-status')).toContainText('Chờ khai báo');
  await expect(conflict.getByTestId('conflict-field-gender')).toContainText('Nam');
  await expect(conflict.getByTestId('conflict-field-entryDate')).toContainText('05/03/2026');
  await expect(conflict.getByTestId('conflict-field-purposeOfVisit')).not.toContainText('business');
  const text = (await conflict.textContent()) ?? '';
  for (const raw of ['KR', 'pending', 'male', 'female', '2026-03-05', 'purposeOfVisit']) {
    expect(text, raw).not.toContain(raw);
  }
  const failed = page.getByTestId('failed-item').filter({ hasText: 'Lee Ji Woo' });
  await expect(failed).toContainText('Máy chủ từ chối (mã 422)');
  await expect(failed).not.toContainText('http_422');
});
