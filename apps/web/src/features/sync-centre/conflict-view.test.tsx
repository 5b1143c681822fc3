import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import type { StoredConflict } from '../../db/sync-centre-repo.ts';
import { getTraveler } from '../../db/travelers-repo.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { storedTraveler } from '../../test/stored-traveler.ts';
import { ConflictView } from './conflict-view.tsx';
import { buildMergedData, compareFields } from './field-diff.ts';

const ID = '6f1c2a52-6f5e-4a8e-9d0b-1c2d3e4f5a6b';
const base = storedTraveler(ID, 'Nguyễn Văn A', 'B1234567', {
  createdAt: '2026-03-01T00:00:00.000Z',
  deletedAt: null,
});
const local = {
  ...base,
  fullName: 'Nguyễn Văn An',
  note: 'ghi chú máy',
  version: 1,
  syncStatus: 'conflict' as const,
  lastModified: 1,
};
const server = {
  ...base,
  status: 'declared',
  note: 'ghi chú chủ',
  version: 2,
  updatedAt: '2026-03-02T00:00:00.000Z',
};

async function seedConflict(): Promise<StoredConflict> {
  await db.travelers.put(local);
  const id = await db.conflicts.add({
    table: 'travelers',
    recordId: ID,
    localData: local,
    serverData: server,
    conflictType: 'version_mismatch',
    timestamp: Date.now(),
    resolved: 0,
    syncQueueId: 7,
    operation: 'update',
  });
  const row = await db.conflicts.get(id);
  if (!row) throw new Error('the seeded conflict was not stored');
  return { ...row, id };
}

setUpComponentTests(() => [db.travelers, db.conflicts, db.syncQueue, db.failedSyncItems]);

describe('field diff', () => {
  it('compares writable fields only and builds the merged data from the choices', () => {
    const rows = compareFields('travelers', local, server);
    expect(rows.filter((r) => r.differs).map((r) => r.field)).toEqual(['fullName', 'status', 'note']);
    expect(rows.some((r) => r.field === 'version' || r.field === 'syncStatus')).toBe(false);
    expect(
      buildMergedData(rows, { status: { source: 'server' }, note: { source: 'custom', value: 'gộp' } }),
    ).toMatchObject({ fullName: 'Nguyễn Văn An', status: 'declared', note: 'gộp', passportNo: 'B1234567' });
  });
});

describe('ConflictView', () => {
  it('shows both copies side by side with the differing fields highlighted', async () => {
    render(<ConflictView conflict={await seedConflict()} />);
    const fullName = screen.getByTestId('conflict-field-fullName');
    expect(fullName.dataset.differs).toBe('true');
    expect(fullName.className).toContain('bg-warning');
    expect(fullName.textContent).toContain('Nguyễn Văn An');
    expect(fullName.textContent).toContain('Nguyễn Văn A');
    expect(screen.getByTestId('conflict-field-passportNo').dataset.differs).toBe('false');
    expect(
      screen.getAllByTestId(/^conflict-field-/).filter((r) => r.dataset.differs === 'true'),
    ).toHaveLength(3);
  });

  it('client_wins queues the local copy on the server version', async () => {
    render(<ConflictView conflict={await seedConflict()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Keep my version' })));
    await waitFor(async () => expect((await db.conflicts.toArray())[0]?.resolved).toBe(1));
    const [row] = await db.syncQueue.toArray();
    expect(row).toMatchObject({ operation: 'update', recordId: ID, baseVersion: 2 });
    expect(row?.data).toMatchObject({ fullName: 'Nguyễn Văn An', status: 'pending' });
  });

  it('server_wins replaces the local record with the server copy', async () => {
    render(<ConflictView conflict={await seedConflict()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Keep server version' })));
    await waitFor(async () => expect((await db.travelers.get(ID))?.status).toBe('declared'));
    expect(await getTraveler(ID)).toMatchObject({
      fullName: 'Nguyễn Văn A',
      version: 2,
      syncStatus: 'synced',
    });
    expect(await db.syncQueue.count()).toBe(0);
    expect((await db.conflicts.toArray())[0]?.resolution).toBe('server_wins');
  });

  it('manual merge takes per field the chosen or edited value', async () => {
    render(<ConflictView conflict={await seedConflict()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Merge manually' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Status: use the server’s value' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note: Edited value' }), {
      target: { value: 'đã gộp' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit merged version' })));
    await waitFor(async () => expect((await db.conflicts.toArray())[0]?.resolution).toBe('manual_merge'));
    expect(await getTraveler(ID)).toMatchObject({
      fullName: 'Nguyễn Văn An',
      status: 'declared',
      note: 'đã gộp',
      version: 2,
      syncStatus: 'pending',
    });
    expect((await db.syncQueue.toArray())[0]).toMatchObject({ baseVersion: 2, operation: 'update' });
  });
});
