import '../../test/frame-resources.ts';
import { validDeclaration } from '@bh/shared/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { initI18n } from '../../i18n/index.ts';
import { deviceToday } from '../../lib/today.ts';
import { storedTraveler } from '../../test/stored-traveler.ts';
import DashboardPage from './dashboard-page.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
beforeEach(async () => {
  await Promise.all([db.travelers.clear(), db.declarations.clear(), db.checkIns.clear()]);
});
afterEach(cleanup);

const synced = { syncStatus: 'synced' as const, lastModified: 1, version: 1, deletedAt: null };

async function seed() {
  const today = deviceToday();
  await db.travelers.bulkPut([
    storedTraveler('w1', 'Trần Thị Hoa', 'B1234567', { ...synced, entryDate: today }),
    storedTraveler('h1', 'Lê Văn Nam', 'C7654321', { ...synced, status: 'declared', entryDate: today }),
    storedTraveler('c1', 'Phạm Minh', 'D1111111', { ...synced, status: 'cleared', entryDate: today }),
    storedTraveler('q1', 'Đỗ An', 'E2222222', {
      ...synced,
      status: 'quarantine',
      quarantineStart: today,
      quarantineDays: 14,
    }),
  ]);
  await db.declarations.bulkPut(
    ['h1', 'c1'].map((id) => ({
      ...validDeclaration,
      id,
      travelerId: id,
      riskLevel: 'high' as const,
      riskScore: 9,
      riskFactors: [{ id: 'fever' as const, points: 3 }],
      ...synced,
    })),
  );
}

describe('home: the work queue for today', () => {
  it('lists who waits for a declaration, high risk to decide and check-ins due; cleared is gone', async () => {
    await seed();
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
    const waiting = await screen.findByTestId('queue-waiting');
    await waitFor(() => expect(within(waiting).getByText('Trần Thị Hoa')).toBeTruthy());
    const highRisk = screen.getByTestId('queue-highRisk');
    expect(within(highRisk).getByText('Lê Văn Nam')).toBeTruthy();
    expect(within(highRisk).getByTestId('traveler-risk').textContent).toBe('High risk · score 9');
    expect(within(highRisk).queryByText('Phạm Minh')).toBeNull();
    const checkIns = screen.getByTestId('queue-checkIns');
    expect(within(checkIns).getByText('Đỗ An')).toBeTruthy();
    expect(within(checkIns).getByTestId('queue-due-today').textContent).toBe('Due today');
    // Quick actions and the mode, also on a phone.
    expect(screen.getByTestId('dashboard-scan').getAttribute('href')).toBe('/intake/scan');
    expect(screen.getByTestId('dashboard-add').getAttribute('href')).toBe('/entry-management?add=1');
    expect(screen.getByTestId('dashboard-mode').textContent).toContain('Pandemic');
  });

  it("tapping a row opens the traveller's page", async () => {
    await seed();
    render(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
    const highRisk = await screen.findByTestId('queue-highRisk');
    const row = await within(highRisk).findByRole('button', { name: /Lê Văn Nam/ });
    fireEvent.click(row);
    const details = await screen.findByTestId('traveler-details');
    expect(within(details).getByTestId('details-fullName').textContent).toContain('Lê Văn Nam');
  });
});
