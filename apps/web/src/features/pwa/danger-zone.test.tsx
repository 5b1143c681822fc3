import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { DangerZone } from './danger-zone.tsx';

const row = (recordId: string) => ({
  operation: 'create' as const,
  table: 'travelers' as const,
  recordId,
  data: {},
  baseVersion: null,
  timestamp: 1,
  retryCount: 0,
  nextAttemptAt: 0,
});

setUpComponentTests(() => [db.syncQueue]);

describe('DangerZone', () => {
  it('says how many unsynced changes will be lost and asks a second confirmation', async () => {
    await db.syncQueue.bulkAdd([row('a'), row('b')]);
    render(<DangerZone />);
    await act(async () => fireEvent.click(screen.getByTestId('clear-all-data')));
    expect(screen.getByText(/cannot be undone/)).toBeTruthy();
    expect(screen.getByTestId('pending-warning').textContent).toContain('2 unsynced change');
    await act(async () => fireEvent.click(screen.getByTestId('confirm-clear')));
    // First confirmation only moves to the second, explicit one; nothing is deleted yet.
    expect(screen.getByTestId('loss-warning').textContent).toContain('2 change');
    expect(await db.syncQueue.count()).toBe(2);
    const [cancel] = screen.getAllByRole('button', { name: 'Cancel', hidden: true });
    if (!cancel) throw new Error('no Cancel button');
    fireEvent.click(cancel);
    expect(await db.syncQueue.count()).toBe(2);
  });

  it('asks once when nothing is pending', async () => {
    render(<DangerZone />);
    await act(async () => fireEvent.click(screen.getByTestId('clear-all-data')));
    expect(screen.queryByTestId('pending-warning')).toBeNull();
    expect(screen.getByTestId('confirm-clear').textContent).toBe('Delete');
  });
});
