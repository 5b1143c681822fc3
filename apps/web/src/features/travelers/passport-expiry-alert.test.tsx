import '../../test/frame-resources.ts';
import { type LocalTraveler, localTravelerSchema } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { deviceToday } from '../../lib/today.ts';
import { stubOfflineFetch } from '../../test/component-setup.ts';
import { TravelerDetailsModal } from './traveler-details-modal.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
  stubOfflineFetch();
});
afterEach(cleanup);

/** 'YYYY-MM-DD' `days` after today on this device. */
function dayFromToday(days: number): string {
  const [y, m, d] = deviceToday().split('-').map(Number);
  return new Date(Date.UTC(y ?? 2026, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

const traveler = (fields: Partial<LocalTraveler>): LocalTraveler =>
  localTravelerSchema.parse({ ...validTraveler, ...fields, syncStatus: 'synced', lastModified: 1 });

function renderDetails(tr: LocalTraveler) {
  render(
    <MemoryRouter>
      <TravelerDetailsModal traveler={tr} onClose={() => undefined} />
    </MemoryRouter>,
  );
}

describe("the traveller's details flag the passport's expiry", () => {
  it('an expired passport', () => {
    renderDetails(
      traveler({ entryDate: deviceToday(), passportExpiry: dayFromToday(-3), durationOfStay: 5 }),
    );
    const alert = screen.getByTestId('passport-expiry-warning');
    expect(alert.dataset.warning).toBe('expired');
    expect(alert.textContent).toMatch(/^Passport expired on \d{2}\/\d{2}\/\d{4}$/);
  });

  it('a passport expiring before the planned stay ends', () => {
    renderDetails(
      traveler({ entryDate: deviceToday(), passportExpiry: dayFromToday(10), durationOfStay: 30 }),
    );
    const alert = screen.getByTestId('passport-expiry-warning');
    expect(alert.dataset.warning).toBe('expires_during_stay');
    expect(alert.textContent).toContain('before the planned stay ends');
  });

  it('no flag for a passport valid past the stay, or without an expiry', () => {
    renderDetails(
      traveler({ entryDate: deviceToday(), passportExpiry: dayFromToday(400), durationOfStay: 30 }),
    );
    expect(screen.queryByTestId('passport-expiry-warning')).toBeNull();
    cleanup();
    renderDetails(traveler({ entryDate: deviceToday(), passportExpiry: null }));
    expect(screen.queryByTestId('passport-expiry-warning')).toBeNull();
  });
});
