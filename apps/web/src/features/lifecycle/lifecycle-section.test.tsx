import '../../test/frame-resources.ts';
import { type LocalTraveler, localDate, localTravelerSchema, officerTransitions } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { listPendingItems } from '../../db/sync-centre-repo.ts';
import { initI18n } from '../../i18n/index.ts';
import { setSession } from '../../lib/session.ts';
import { LifecycleSection } from './lifecycle-section.tsx';

const USER = {
  id: '9c8b7a6f-5e4d-4c3b-8a29-180f7e6d5c4b',
  name: 'Officer Lan',
  email: 'lan@test.vn',
  avatar: null,
};

beforeAll(() => {
  initI18n().changeLanguage('en');
});
beforeEach(async () => {
  await Promise.all([
    db.travelers.clear(),
    db.travelerEvents.clear(),
    db.checkIns.clear(),
    db.syncQueue.clear(),
  ]);
  setSession({ user: { ...USER, role: 'officer' }, token: 't' });
});
afterEach(cleanup);

const traveler = (status: LocalTraveler['status']): LocalTraveler =>
  localTravelerSchema.parse({ ...validTraveler, status, syncStatus: 'synced', lastModified: 1 });

describe('lifecycle section of the details view', () => {
  it('offers exactly the officer transitions of the table, for every status', () => {
    for (const status of ['pending', 'declared', 'tested', 'quarantine', 'cleared'] as const) {
      render(<LifecycleSection traveler={traveler(status)} />);
      const buttons = screen.queryAllByTestId(/^status-to-/).map((b) => b.dataset.testid);
      expect(buttons).toEqual(officerTransitions(status).map((s) => `status-to-${s}`));
      cleanup();
    }
  });

  it('a status change is an outbox event (offline) and shows as waiting, then the quarantine panel', async () => {
    const tr = traveler('declared');
    await db.travelers.put(tr);
    render(<LifecycleSection traveler={tr} />);
    fireEvent.change(screen.getByTestId('status-reason'), { target: { value: 'Fever' } });
    fireEvent.click(screen.getByTestId('status-to-quarantine'));
    // Hard to undo: asked first, naming the traveller; the typed reason is carried over.
    expect(screen.getByText(`Send ${tr.fullName} to quarantine?`)).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('status-confirm-reason').value).toBe('Fever');
    fireEvent.click(screen.getByTestId('status-confirm'));
    await waitFor(() => expect(screen.getByTestId('status-waiting')).toBeTruthy());
    expect(await screen.findByTestId('quarantine-panel')).toBeTruthy();
    const queued = await listPendingItems();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ table: 'travelerEvents', operation: 'create' });
    expect(queued[0]?.data).toMatchObject({
      travelerId: tr.id,
      kind: 'status_changed',
      toStatus: 'quarantine',
      reason: 'Fever',
    });
    // Only the writable fields travel; the actor is kept locally for the timeline.
    expect(queued[0]?.data).not.toHaveProperty('actorName');
    const [event] = await db.travelerEvents.toArray();
    expect(event).toMatchObject({ actorName: 'Officer Lan', fromStatus: 'declared' });
    expect(screen.getByTestId('timeline').textContent).toContain('Officer Lan');
  });

  it('adds a note and a test result to the timeline through the outbox', async () => {
    const tr = traveler('tested');
    render(<LifecycleSection traveler={tr} />);
    fireEvent.change(screen.getByTestId('event-note'), { target: { value: 'Called the hotel' } });
    fireEvent.click(screen.getByText('Add note'));
    fireEvent.click(screen.getByText('Record test result'));
    await waitFor(async () => expect(await db.syncQueue.count()).toBe(2));
    const kinds = (await listPendingItems()).map((q) => [q.data?.kind, q.data?.note ?? q.data?.testResult]);
    expect(kinds).toEqual([
      ['note', 'Called the hotel'],
      ['test_result', 'negative'],
    ]);
  });

  it('the timeline starts with the registration, made from the traveller; a stored one is not shown twice', async () => {
    const tr = traveler('declared');
    const kinds = () => screen.getAllByTestId('timeline-event').map((e) => e.dataset.kind);
    render(<LifecycleSection traveler={tr} />);
    await waitFor(() => expect(kinds()).toEqual(['created']));
    expect(screen.getByTestId('timeline').textContent).toContain('Registered');
    // Who registered it is not on the device: no actor is named (not "by unknown user").
    expect(screen.getByTestId('timeline').textContent).not.toMatch(/\bby\b/);
    cleanup();
    // A device that pulled the server's 'created' event before it stopped storing them.
    await db.travelerEvents.put({
      id: crypto.randomUUID(),
      travelerId: tr.id,
      kind: 'created',
      occurredAt: tr.createdAt,
      actorName: 'Officer Minh',
      version: 1,
      createdAt: tr.createdAt,
      updatedAt: tr.createdAt,
      deletedAt: null,
      syncStatus: 'synced',
      lastModified: 1,
    });
    render(<LifecycleSection traveler={tr} />);
    await waitFor(() => expect(screen.getByTestId('timeline').textContent).toContain('Officer Minh'));
    expect(kinds()).toEqual(['created']);
  });

  it('refusing and clearing ask first; Cancel records nothing', async () => {
    const tr = traveler('declared');
    render(<LifecycleSection traveler={tr} />);
    for (const to of ['rejected', 'cleared']) {
      fireEvent.click(screen.getByTestId(`status-to-${to}`));
      expect(screen.getByTestId('status-confirm-text')).toBeTruthy();
      fireEvent.click(screen.getByTestId('status-confirm-cancel'));
      await waitFor(() => expect(screen.queryByTestId('status-confirm')).toBeNull());
    }
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('clearing before the quarantine ends warns with the last day and needs a reason', async () => {
    const start = localDate();
    const tr = localTravelerSchema.parse({
      ...traveler('quarantine'),
      quarantineStart: start,
      quarantineDays: 14,
    });
    await db.travelers.put(tr);
    render(<LifecycleSection traveler={tr} />);
    fireEvent.click(screen.getByTestId('status-to-cleared'));
    expect(screen.getByTestId('status-early-clear').textContent).toContain('clearing now ends it early');
    const confirm = screen.getByTestId<HTMLButtonElement>('status-confirm');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('status-confirm-reason'), {
      target: { value: 'Negative PCR twice' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(async () => expect(await db.syncQueue.count()).toBe(1));
    expect((await listPendingItems())[0]?.data).toMatchObject({
      toStatus: 'cleared',
      reason: 'Negative PCR twice',
    });
  });
});
