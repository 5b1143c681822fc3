import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { pushNotice } from '../../sync/notices.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { SyncNotices } from './sync-notices.tsx';

setUpComponentTests(() => [db.failedSyncItems]);

async function refuse() {
  await db.failedSyncItems.add({
    originalSyncItem: {
      id: 7,
      operation: 'create',
      table: 'travelers',
      recordId: '0d6a4b1e-2f3c-4d5e-8f90-a1b2c3d4e5f6',
      data: { fullName: 'Trần Thị B', passportNo: 'C7654321' },
      baseVersion: null,
      timestamp: 1,
      retryCount: 0,
      nextAttemptAt: 0,
    },
    errorType: 'validation_failed',
    errorDetails: JSON.stringify([{ field: 'passportNo', code: 'validation.invalid_format' }]),
    timestamp: Date.now(),
    canRetry: 0,
  });
  act(() => pushNotice({ key: 'errors.validation_error', level: 'error', params: { count: 1 } }));
}

describe('sync notices', () => {
  it('a refused change names the record and the reason and links to where it is resolved', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <SyncNotices />
      </MemoryRouter>,
    );
    await refuse();
    await waitFor(() =>
      expect(screen.getByTestId('sync-notice-text').textContent).toContain('Trần Thị B (C7654321)'),
    );
    expect(screen.getByTestId('sync-notice-text').textContent).toContain('Passport number');
    expect(screen.getByTestId('sync-notice-resolve').getAttribute('href')).toBe('/pwa-settings#sync-failed');
  });

  it('gives way on the sync centre screen, whose buttons it would cover', async () => {
    render(
      <MemoryRouter initialEntries={['/pwa-settings']}>
        <SyncNotices />
      </MemoryRouter>,
    );
    await refuse();
    expect(screen.queryByTestId('sync-notice')).toBeNull();
  });
});
