import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, type FailedSyncItem, type SyncQueueItem } from '../../db/database.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { storedTraveler } from '../../test/stored-traveler.ts';
import { FailedItems } from './failed-items.tsx';

const ID = '0d6a4b1e-2f3c-4d5e-8f90-a1b2c3d4e5f6';
const record = storedTraveler(ID, 'Trần Thị B', 'C7654321', {
  version: 3,
  deletedAt: null,
  syncStatus: 'error' as const,
  lastModified: 1,
});
const original = (over: Partial<SyncQueueItem> = {}): SyncQueueItem => ({
  id: 41,
  operation: 'update',
  table: 'travelers',
  recordId: ID,
  data: {
    fullName: 'Trần Thị B',
    passportNo: 'C7654321',
    nationality: 'VN',
    entryDate: '2026-03-01',
    status: 'pending',
  },
  baseVersion: 3,
  timestamp: 1,
  retryCount: 3,
  nextAttemptAt: 0,
  ...over,
});

async function seed(item: Omit<FailedSyncItem, 'id'>) {
  await db.travelers.put(record);
  await db.failedSyncItems.add(item);
  return db.failedSyncItems.toArray();
}

setUpComponentTests(() => [db.travelers, db.syncQueue, db.failedSyncItems, db.conflicts]);

describe('FailedItems', () => {
  it('Retry requeues a retryable item with retryCount 0 and a new id', async () => {
    const items = await seed({
      originalSyncItem: original(),
      errorType: 'max_retries_exceeded',
      errorDetails: 'server_error',
      timestamp: Date.now(),
      canRetry: 1,
    });
    render(<FailedItems items={items} />);
    expect(screen.getByText('Too many attempts')).toBeTruthy();
    expect(screen.getByText('Server error, please try again later')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await waitFor(async () => expect(await db.failedSyncItems.count()).toBe(0));
    const rows = await db.syncQueue.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: 'update', recordId: ID, retryCount: 0, baseVersion: 3 });
    expect(rows[0]?.id).not.toBe(41);
  });

  it('a rejected item shows its translated field errors and is discarded only after confirming', async () => {
    const items = await seed({
      originalSyncItem: original(),
      errorType: 'validation_failed',
      errorDetails: JSON.stringify([{ field: 'fullName', code: 'validation.required' }]),
      timestamp: Date.now(),
      canRetry: 0,
    });
    render(<FailedItems items={items} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText(/^Full name: /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard change' }));
    expect(await db.failedSyncItems.count()).toBe(1);
    // The confirmation's own Discard button (the second one) deletes.
    const buttons = screen.getAllByRole('button', { name: 'Discard change', hidden: true });
    const confirm = buttons.at(-1);
    if (!confirm) throw new Error('no confirmation button');
    await act(async () => fireEvent.click(confirm));
    await waitFor(async () => expect(await db.failedSyncItems.count()).toBe(0));
    expect(await db.travelers.get(ID)).toMatchObject({ fullName: 'Trần Thị B' });
  });
});
