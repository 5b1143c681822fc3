/**
 * The message after a scan is saved (issue 35, point 7): it says who was saved and links to the
 * traveller, never a developer timing, and says the record syncs later only when offline.
 */
import '../../test/frame-resources.ts';
import { completePreArrival, encodeQrPayload, preArrivalSubmissionSchema } from '@bh/shared';
import { validPreArrivalSubmission } from '@bh/shared/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { setUpComponentTests, signInOfficerLan, stubOfflineFetch } from '../../test/component-setup.ts';
import { Review } from './review.tsx';
import { readScan } from './scan-reader.ts';

setUpComponentTests(() => [db.travelers, db.travelerEvents, db.declarations, db.syncQueue]);
beforeEach(async () => {
  // The save is local: the notice does not wait for the server (which this test never reaches).
  stubOfflineFetch();
  signInOfficerLan();
  await act(async () => {
    await i18next.changeLanguage('vi');
  });
});
afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

async function saveScanned(online: boolean) {
  const submission = completePreArrival(preArrivalSubmissionSchema.parse(validPreArrivalSubmission));
  const encoded = await encodeQrPayload(submission, null);
  if (!encoded.ok) throw new Error('not encoded');
  const outcome = await readScan(encoded.text, false);
  if (!outcome.ok) throw new Error(outcome.messageKey);
  render(
    <MemoryRouter>
      <Review draft={outcome.draft} online={online} onDone={() => undefined} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId('review-save'));
  const saved = await screen.findByTestId('review-saved', {}, { timeout: 10_000 });
  return { saved, traveler: submission.traveler };
}

describe('the message after a scan is saved', () => {
  it('online: names who was saved and links to them, with no timing and no "will sync"', async () => {
    const { saved, traveler } = await saveScanned(true);
    expect(screen.getByTestId('review-saved-text').textContent).toBe(
      `Đã lưu ${traveler.fullName} (${traveler.passportNo}) cùng tờ khai y tế.`,
    );
    expect(saved.textContent).not.toMatch(/\d\s*ms\b/);
    expect(screen.queryByTestId('review-saved-offline')).toBeNull();
    expect(saved.textContent).not.toContain('đồng bộ');
    const [stored] = await db.travelers.toArray();
    expect(screen.getByTestId('review-saved-open').getAttribute('href')).toBe(
      `/entry-management?open=${stored?.id}`,
    );
  }, 20_000);

  it('offline: says the record syncs once the device is back online', async () => {
    const { saved } = await saveScanned(false);
    expect(screen.getByTestId('review-saved-offline').textContent).toBe(
      'Đã lưu trên thiết bị; dữ liệu sẽ đồng bộ khi thiết bị có mạng trở lại.',
    );
    expect(saved.textContent).not.toMatch(/\d\s*ms\b/);
  }, 20_000);
});
