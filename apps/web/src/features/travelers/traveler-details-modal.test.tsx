import '../../test/frame-resources.ts';
import { localTravelerSchema } from '@bh/shared';
import { validDeclaration, validTraveler } from '@bh/shared/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database.ts';
import { initI18n } from '../../i18n/index.ts';
import { setPosts, setWorkScope } from '../../lib/work-scope.ts';
import { HAN, json, officerAt, POSTS } from '../../test/posts-fixture.ts';
import { TravelerDetailsModal } from './traveler-details-modal.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
beforeEach(async () => {
  await Promise.all([db.travelers.clear(), db.declarations.clear(), db.travelerEvents.clear()]);
});
afterEach(cleanup);

const synced = { syncStatus: 'synced' as const, lastModified: 1 };
const traveler = localTravelerSchema.parse({
  ...validTraveler,
  status: 'declared',
  origin: 'NRT',
  ...synced,
});
const declaration = {
  ...validDeclaration,
  id: traveler.id,
  travelerId: traveler.id,
  riskLevel: 'high' as const,
  riskScore: 8,
  riskFactors: [
    { id: 'fever' as const, points: 5 },
    { id: 'unvaccinated' as const, points: 3 },
  ],
  ...synced,
};

describe("the traveller's page", () => {
  it('leads with identity, then risk, then the status decision; the answers come last under one heading', async () => {
    await db.travelers.put(traveler);
    await db.declarations.put(declaration);
    render(
      <MemoryRouter>
        <TravelerDetailsModal traveler={traveler} onClose={() => {}} />
      </MemoryRouter>,
    );
    // The declaration's part loads lazily and reads the database: a loaded machine took over 1 s.
    const risk = await screen.findByTestId('declaration-risk', {}, { timeout: 10_000 });
    expect(risk.textContent).toBe('High risk · score 8');
    expect(screen.getByTestId('declaration-factors').textContent).toContain('Fever above 37.5°C +5');
    await screen.findByTestId('declaration-summary', {}, { timeout: 10_000 });
    const order = ['details-identity', 'details-risk', 'status-actions', 'timeline', 'details-answers'].map(
      (id) => screen.getByTestId(id),
    );
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1];
      const after = order[i];
      if (!before || !after) throw new Error('missing section');
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // Airports with their city; a missing value in words, not "N/A".
    expect(screen.getByText('NRT – Tokyo')).toBeTruthy();
    // One heading per section: "Health declaration" once.
    const headings = screen.getAllByRole('heading', { hidden: true }).map((h) => h.textContent);
    expect(headings.filter((h) => h === 'Health declaration')).toHaveLength(1);
    expect(new Set(headings).size).toBe(headings.length);
  }, 20_000);

  it('in Vietnamese, a missing value reads "Không có", never "N/A"; airports keep their city', async () => {
    const bare = localTravelerSchema.parse({
      ...validTraveler,
      status: 'pending',
      origin: 'NRT',
      destination: null,
      birthDate: null,
      passportExpiry: null,
      ...synced,
    });
    await db.travelers.put(bare);
    await act(async () => {
      await i18next.changeLanguage('vi');
    });
    try {
      render(
        <MemoryRouter>
          <TravelerDetailsModal traveler={bare} onClose={() => {}} />
        </MemoryRouter>,
      );
      const details = await screen.findByTestId('traveler-details');
      expect(screen.getByTestId('details-birthDate').textContent).toContain('Không có');
      expect(details.textContent).toContain('NRT – ');
      expect(details.textContent).not.toContain('N/A');
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  }, 20_000);

  it('a traveller transferred from here keeps the page and its confirmation until closed, though the sync took them off the device', async () => {
    setPosts(POSTS);
    setWorkScope(officerAt(HAN.id));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // The server makes the transfer; nothing else answers (reference lists come bundled).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        if (String(url).endsWith(`/api/travelers/${traveler.id}/transfer`)) return json({ version: 3 });
        throw new TypeError('offline');
      }),
    );
    const here = { ...traveler, entryPostId: HAN.id, version: 2 };
    const onClose = vi.fn();
    const page = (tr: typeof here | null) => (
      <MemoryRouter>
        <TravelerDetailsModal traveler={tr} onClose={onClose} />
      </MemoryRouter>
    );
    try {
      const view = render(page(here));
      fireEvent.click(screen.getByTestId('details-transfer'));
      const select = screen.getByLabelText<HTMLSelectElement>('Transfer to');
      const sgn = [...select.options].find((o) => o.textContent?.startsWith('SGN'));
      fireEvent.change(select, { target: { value: sgn?.value } });
      fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Continues the journey' } });
      await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
      await screen.findByTestId('transfer-done');

      // The sync the transfer started takes the traveller off this device before Close.
      view.rerender(page(null));
      expect(screen.getByTestId('transfer-done').textContent).toContain('was transferred to SGN');
      expect(screen.queryByText('This traveller is not on this device.')).toBeNull();
      expect(onClose).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTestId('transfer-close'));
      expect(onClose).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  }, 20_000);
});
