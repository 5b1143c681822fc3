import { SYSTEM_STATUS_ID, type TravelerInput } from '@bh/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database.ts';
import { createTraveler, getTraveler, type LocalTraveler } from '../../db/travelers-repo.ts';
import { initI18n } from '../../i18n/index.ts';
import { stubOfflineFetch } from '../../test/component-setup.ts';
import { TravelerFormModal } from './traveler-form-modal.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
  // Reference lists come from the bundled copy; no server in this test.
  stubOfflineFetch();
});
beforeEach(async () => {
  await Promise.all([db.travelers.clear(), db.syncQueue.clear(), db.systemStatus.clear()]);
  await db.systemStatus.put({
    id: SYSTEM_STATUS_ID,
    mode: 'normal',
    version: 0,
    syncStatus: 'synced',
    lastModified: Date.now(),
  });
});
afterEach(cleanup);

const field = (name: string) => {
  const control = document.querySelector(`[name="${name}"]`);
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return control;
  throw new Error(`no field ${name}`);
};

function renderForm(traveler: LocalTraveler) {
  const onClose = vi.fn();
  const view = render(
    <MemoryRouter>
      <TravelerFormModal open traveler={traveler} onClose={onClose} />
    </MemoryRouter>,
  );
  const rerender = (next: LocalTraveler) =>
    view.rerender(
      <MemoryRouter>
        <TravelerFormModal open traveler={next} onClose={onClose} />
      </MemoryRouter>,
    );
  return { onClose, rerender };
}

/** A pending traveller arriving on 2026-11-20, stored locally as the form will edit it. */
const storedTraveler = (over: Partial<TravelerInput> & Pick<TravelerInput, 'fullName' | 'passportNo'>) =>
  createTraveler({ nationality: 'VN', entryDate: '2026-11-20', status: 'pending', ...over });

describe('TravelerFormModal (edit)', () => {
  it('keeps what the officer typed when the record is stored anew, and saves only the changed fields', async () => {
    const stored = await storedTraveler({
      fullName: 'Trần Thị Mai',
      passportNo: 'C1234567',
      gender: 'female',
      // Complete flight info, so the form is valid whichever mode has loaded: until the stored
      // mode arrives the form holds to pandemic's rules (a save clicked before it was refused on a
      // loaded machine and the dialog stayed open).
      flightNo: 'VN123',
      origin: 'NRT',
      destination: 'HAN',
    });
    const { onClose, rerender } = renderForm(stored);
    await waitFor(() => expect(field('fullName').value).toBe('Trần Thị Mai'));
    fireEvent.change(field('fullName'), { target: { value: 'Trần Thị Mai Anh' } });

    // Meanwhile sync acknowledges the create and pulls a note written on another device.
    const newer: LocalTraveler = { ...stored, version: 1, syncStatus: 'synced', note: 'Từ thiết bị khác' };
    await db.travelers.put(newer);
    act(() => rerender(newer));

    expect(field('fullName').value).toBe('Trần Thị Mai Anh');
    expect(field('note').value).toBe('Từ thiết bị khác');

    await act(async () => fireEvent.click(screen.getByTestId('traveler-save')));
    // Saving validates and writes IndexedDB: allow for a loaded machine.
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 12_000 });
    expect(await getTraveler(stored.id)).toMatchObject({
      fullName: 'Trần Thị Mai Anh',
      note: 'Từ thiết bị khác',
      version: 1,
      syncStatus: 'pending',
    });
    const queued = await db.syncQueue.where('recordId').equals(stored.id).toArray();
    expect(queued.at(-1)).toMatchObject({ operation: 'update', baseVersion: 1 });
    // The test's own limit leaves room for the save's (the whole run under load took 5 s).
  }, 20_000);

  it('writes nothing when nothing was changed', async () => {
    const stored = await storedTraveler({
      fullName: 'John Smith',
      passportNo: 'X9876543',
      nationality: 'GB',
      gender: 'male',
      // Complete flight info, so the form is valid whichever mode has loaded.
      flightNo: 'VN123',
      origin: 'NRT',
      destination: 'HAN',
    });
    const { onClose } = renderForm(stored);
    await waitFor(() => expect(field('fullName').value).toBe('John Smith'));
    const before = await db.syncQueue.count();
    await act(async () => fireEvent.click(screen.getByTestId('traveler-save')));
    // Saving validates and writes IndexedDB: allow for a loaded machine.
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 12_000 });
    expect(await db.syncQueue.count()).toBe(before);
  }, 20_000);
});
