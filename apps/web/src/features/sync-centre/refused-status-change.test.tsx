import '../../test/frame-resources.ts';
import { type LocalTraveler, localTravelerSchema } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { addTravelerEvent } from '../../db/lifecycle-repo.ts';
import { setSession } from '../../lib/session.ts';
import { writeRecord } from '../../sync/outbox.ts';
import { applyPushResults } from '../../sync/queue.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { FailedItems } from './failed-items.tsx';

const OFFICER = {
  id: '9c8b7a6f-5e4d-4c3b-8a29-180f7e6d5c4b',
  name: 'Officer Lan',
  email: 'lan@test.vn',
  avatar: null,
};
const TRAVELER_ID = validTraveler.id;

setUpComponentTests(() => [
  db.travelers,
  db.travelerEvents,
  db.checkIns,
  db.declarations,
  db.syncQueue,
  db.failedSyncItems,
  db.conflicts,
]);
beforeEach(() => setSession({ user: { ...OFFICER, role: 'officer' }, token: 't' }));

/**
 * The device asked declared -> tested while another officer had moved the traveller to
 * `serverStatus`; the push answered "rejected" as the server does. A note of the same traveller
 * is queued behind it and must survive whatever the officer does with the refused change.
 */
async function refusedChange(serverStatus: LocalTraveler['status']) {
  await db.travelers.put(
    localTravelerSchema.parse({
      ...validTraveler,
      status: serverStatus,
      syncStatus: 'synced',
      lastModified: 1,
    }),
  );
  const event = await addTravelerEvent(
    { travelerId: TRAVELER_ID, kind: 'status_changed', toStatus: 'tested', reason: null },
    OFFICER,
    'declared',
  );
  const [row] = await db.syncQueue.toArray();
  if (!row?.id) throw new Error('the status change was not queued');
  await applyPushResults(
    db,
    [row],
    [{ seq: row.id, status: 'rejected', errors: [{ code: 'lifecycle.errors.transitionForbidden' }] }],
  );
  await addTravelerEvent({ travelerId: TRAVELER_ID, kind: 'note', note: 'Seen at gate 3' }, OFFICER, null);
  await writeRecord('checkIns', 'create', {
    travelerId: TRAVELER_ID,
    date: '2026-11-24',
    checkedAt: '2026-11-24T09:00:00+07:00',
    temperature: 36.6,
    symptoms: {},
    note: null,
    officerId: OFFICER.id,
    officerName: OFFICER.name,
  });
  const items = await db.failedSyncItems.toArray();
  // In the app the sync centre is a route: the details view it opens links to other screens.
  render(
    <MemoryRouter>
      <FailedItems items={items} />
    </MemoryRouter>,
  );
  return event;
}

/** What stays queued: table and kind of each row (the refused event's row is gone already). */
const queued = async () =>
  (await db.syncQueue.toArray()).map((r) => `${r.table}:${String(r.data?.kind ?? r.operation)}`).sort();

describe('a status change the server refused, in the sync centre', () => {
  it('says what was asked, why it was refused and where the traveller stands on the server', async () => {
    await refusedChange('quarantine');
    const summary = await screen.findByTestId('refused-status-change');
    await waitFor(() =>
      expect(summary.textContent).toContain(`Status change refused: ${validTraveler.fullName} (B1234567)`),
    );
    expect(summary.textContent).toContain('Asked on this device: move to Tested');
    expect(await screen.findByTestId('refused-status-now')).toHaveProperty(
      'textContent',
      'Status on the server now: Quarantine',
    );
    expect(
      screen.getByText('The traveller cannot move to this status from their current status'),
    ).toBeTruthy();
  });

  it('discard drops only the refused event: the rest of the outbox stays queued', async () => {
    const event = await refusedChange('quarantine');
    const before = await queued();
    fireEvent.click(screen.getByRole('button', { name: 'Discard change' }));
    const confirm = screen.getAllByRole('button', { name: 'Discard change', hidden: true }).at(-1);
    if (!confirm) throw new Error('no confirmation button');
    await act(async () => fireEvent.click(confirm));
    await waitFor(async () => expect(await db.failedSyncItems.count()).toBe(0));
    expect(await db.travelerEvents.get(event.id)).toBeUndefined();
    expect(await queued()).toEqual(before);
    expect(before).toEqual(['checkIns:create', 'travelerEvents:note']);
    expect(await db.travelers.get(TRAVELER_ID)).toMatchObject({ status: 'quarantine' });
  });

  it('discard and choose another status opens the traveller with the transitions allowed now', async () => {
    const event = await refusedChange('quarantine');
    const choose = await screen.findByTestId('refused-choose-another');
    await act(async () => fireEvent.click(choose));
    await waitFor(async () => expect(await db.failedSyncItems.count()).toBe(0));
    expect(await db.travelerEvents.get(event.id)).toBeUndefined();
    expect(await queued()).toEqual(['checkIns:create', 'travelerEvents:note']);
    // The details view, its status buttons from the server's status (quarantine -> cleared | referred).
    // (jsdom has no showModal, so the dialog is found by its content.)
    await waitFor(
      () =>
        expect(screen.queryAllByTestId(/^status-to-/).map((b) => b.dataset.testid)).toEqual([
          'status-to-cleared',
          'status-to-referred',
        ]),
      { timeout: 4000 },
    );
  });

  it('offers no other status when the server status allows none (cleared)', async () => {
    await refusedChange('cleared');
    expect((await screen.findByTestId('refused-status-now')).textContent).toBe(
      'Status on the server now: Cleared',
    );
    expect(screen.queryByTestId('refused-choose-another')).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard change' })).toBeTruthy();
  });
});
