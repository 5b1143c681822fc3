/**
 * The scan review and the traveller's consent to the privacy notice (docs/qr-payload.md version 3,
 * docs/decisions/017-retention-and-rights.md): a code that carries the consent says so and saving
 * records it with the traveller, once, in the outbox (it syncs like the traveller); an older code
 * registers the traveller too and the review says no consent was recorded with it; a passport
 * read says nothing of consent.
 */
import '../../test/frame-resources.ts';
import {
  completePreArrival,
  encodeQrPayload,
  type PreArrivalSubmission,
  preArrivalSubmissionSchema,
  type RecordedConsent,
} from '@bh/shared';
import { validPreArrivalSubmission, validQrConsent } from '@bh/shared/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { recordConsent } from '../../db/lifecycle-repo.ts';
import { listPendingItems } from '../../db/sync-centre-repo.ts';
import { setSession } from '../../lib/session.ts';
import { setUpComponentTests, stubOfflineFetch } from '../../test/component-setup.ts';
import { Review } from './review.tsx';
import { ReviewConsent } from './review-consent.tsx';
import { type Draft, readScan } from './scan-reader.ts';

const USER = {
  id: '9c8b7a6f-5e4d-4c3b-8a29-180f7e6d5c4b',
  name: 'Officer Lan',
  email: 'lan@test.vn',
  avatar: null,
};

setUpComponentTests(() => [db.travelers, db.travelerEvents, db.declarations, db.syncQueue]);
beforeEach(() => {
  stubOfflineFetch();
  setSession({ user: { ...USER, role: 'officer' }, token: 't' });
});
afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

const submission: PreArrivalSubmission = completePreArrival(
  preArrivalSubmissionSchema.parse(validPreArrivalSubmission),
);

/** The draft the scan screen makes of a code (as the camera or an image would read it). */
async function scanned(consent: RecordedConsent | null): Promise<Draft> {
  const encoded = await encodeQrPayload(submission, consent);
  if (!encoded.ok) throw new Error('not encoded');
  const outcome = await readScan(encoded.text, false);
  if (!outcome.ok) throw new Error(outcome.messageKey);
  return outcome.draft;
}

const renderReview = (draft: Draft) =>
  render(
    <MemoryRouter>
      <Review draft={draft} online={false} onDone={() => undefined} />
    </MemoryRouter>,
  );

describe('scan review: consent to the privacy notice', () => {
  it('reads the consent of a version-3 code; an older code has none; a passport is not a submission', async () => {
    expect(await scanned(validQrConsent)).toMatchObject({ preArrival: true, consent: validQrConsent });
    expect(await scanned(null)).toMatchObject({ preArrival: true, consent: null });
    const mrz = await readScan(
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10',
      false,
    );
    expect(mrz.ok && mrz.draft).toMatchObject({ preArrival: false, consent: null });
  });

  it('says when and which notice the traveller accepted, or that the code carries no consent', () => {
    const given = render(<ReviewConsent draft={{ preArrival: true, consent: validQrConsent }} />);
    const alert = screen.getByTestId('review-consent');
    expect(alert.dataset.state).toBe('given');
    expect(alert.textContent).toContain('consented to the privacy notice (version 1.1)');
    given.unmount();
    const missing = render(<ReviewConsent draft={{ preArrival: true, consent: null }} />);
    expect(screen.getByTestId('review-consent').dataset.state).toBe('missing');
    expect(screen.getByTestId('review-consent').textContent).toContain(
      "does not carry the traveller's consent to the privacy notice",
    );
    missing.unmount();
    render(<ReviewConsent draft={{ preArrival: false, consent: null }} />);
    expect(screen.queryByTestId('review-consent')).toBeNull();
  });

  it('reads in Vietnamese and Japanese too', async () => {
    for (const [lang, given, missing] of [
      ['vi', 'phiên bản 1.1', 'Mã này không mang sự đồng ý'],
      ['ja', 'バージョン 1.1', 'このコードには'],
    ] as const) {
      await act(async () => {
        await i18next.changeLanguage(lang);
      });
      const a = render(<ReviewConsent draft={{ preArrival: true, consent: validQrConsent }} />);
      expect(screen.getByTestId('review-consent').textContent).toContain(given);
      a.unmount();
      const b = render(<ReviewConsent draft={{ preArrival: true, consent: null }} />);
      expect(screen.getByTestId('review-consent').textContent).toContain(missing);
      b.unmount();
    }
  });

  it('saving a code with consent queues the traveller and its consent event, offline', async () => {
    renderReview(await scanned(validQrConsent));
    expect(screen.getByTestId('review-consent').dataset.state).toBe('given');
    fireEvent.click(screen.getByTestId('review-save'));
    await screen.findByTestId('review-saved', {}, { timeout: 10_000 });
    const queued = await listPendingItems();
    const tables = queued.map((q) => `${q.table}:${q.operation}`);
    expect(tables.slice(0, 2)).toEqual(['travelers:create', 'travelerEvents:create']);
    const [traveler] = await db.travelers.toArray();
    const events = await db.travelerEvents.toArray();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      travelerId: traveler?.id,
      kind: 'consent',
      noticeVersion: '1.1',
      occurredAt: validQrConsent.at,
      actorName: 'Officer Lan',
    });
    // A second record of it for the same traveller is not made.
    expect(await recordConsent(traveler?.id ?? '', validQrConsent, USER)).toBeNull();
    expect(await db.travelerEvents.count()).toBe(1);
  }, 20_000);

  it('a consent time after now (the phone clock ahead) is recorded as the time the code was read', async () => {
    const before = Date.now();
    const ahead = new Date(before + 3 * 86_400_000).toISOString();
    const event = await recordConsent(
      '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
      { noticeVersion: '1.1', at: ahead },
      USER,
    );
    const at = Date.parse(event?.occurredAt ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('an older code still registers the traveller, with no consent event, and says so', async () => {
    renderReview(await scanned(null));
    expect(screen.getByTestId('review-consent').dataset.state).toBe('missing');
    fireEvent.click(screen.getByTestId('review-save'));
    await screen.findByTestId('review-saved', {}, { timeout: 10_000 });
    await waitFor(async () => expect(await db.travelers.count()).toBe(1));
    expect(await db.travelerEvents.count()).toBe(0);
  }, 20_000);
});
