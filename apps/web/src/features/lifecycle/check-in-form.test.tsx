import '../../test/frame-resources.ts';
import { type LocalCheckIn, type LocalTraveler, localTravelerSchema } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { listPendingItems } from '../../db/sync-centre-repo.ts';
import { setFormatLocale } from '../../i18n/format.ts';
import { initI18n } from '../../i18n/index.ts';
import { signInOfficerLan } from '../../test/component-setup.ts';
import { CheckInForm } from './check-in-form.tsx';
import { QuarantinePanel } from './quarantine-panel.tsx';

const TRAVELER_ID = validTraveler.id;

beforeAll(async () => {
  initI18n();
  await i18next.changeLanguage('vi');
  setFormatLocale('vi');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
  setFormatLocale('en');
});
beforeEach(async () => {
  await Promise.all([db.checkIns.clear(), db.syncQueue.clear()]);
  signInOfficerLan();
});
afterEach(cleanup);

async function submitTemperature(text: string) {
  render(<CheckInForm travelerId={TRAVELER_ID} />);
  fireEvent.change(screen.getByTestId('check-in-temperature'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('check-in-save'));
}

describe('check-in temperature in the user language', () => {
  it.each(['37,8', '37.8', ' 37,8 '])('accepts %j in Vietnamese and saves 37.8', async (text) => {
    await submitTemperature(text);
    await waitFor(async () => expect(await db.syncQueue.count()).toBe(1));
    const [row] = await listPendingItems();
    expect(row?.data).toMatchObject({ travelerId: TRAVELER_ID, temperature: 37.8 });
    expect(await screen.findByTestId('check-in-saved')).toBeTruthy();
  });

  it('refuses a text that is not a number with an "invalid", not a "required", message', async () => {
    await submitTemperature('ba bảy');
    expect(await screen.findByText('Nhiệt độ cơ thể phải là một số, ví dụ 37,5')).toBeTruthy();
    expect(screen.queryByText('Vui lòng nhập nhiệt độ cơ thể')).toBeNull();
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('still asks for a missing temperature', async () => {
    await submitTemperature('');
    expect(await screen.findByText('Vui lòng nhập nhiệt độ cơ thể')).toBeTruthy();
  });

  it('shows a recorded temperature with the decimal comma in vi', () => {
    const traveler: LocalTraveler = localTravelerSchema.parse({
      ...validTraveler,
      status: 'quarantine',
      syncStatus: 'synced',
      lastModified: 1,
    });
    const checkIn = {
      id: crypto.randomUUID(),
      travelerId: traveler.id,
      date: '2026-03-05',
      checkedAt: '2026-03-05T08:00:00.000Z',
      temperature: 38.9,
      symptoms: {},
      note: null,
      officerName: 'Lan',
    } as unknown as LocalCheckIn;
    render(
      <QuarantinePanel
        traveler={traveler}
        checkIns={[checkIn]}
        fallbackStart="2026-03-05"
        fallbackDays={14}
      />,
    );
    expect(screen.getByTestId('check-in-item').textContent).toContain('38,9 °C');
  });
});
