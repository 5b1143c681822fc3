/**
 * A traveller's consent to the privacy notice as it travels and is recorded
 * (docs/decisions/017-retention-and-rights.md): which notice (`<wording>.<settings version>`, e.g.
 * "1.3") and when it was accepted. The pre-arrival form sends the version with its post; the QR
 * payload (version 3, docs/qr-payload.md) carries both; a traveller registered from the code
 * records both as a `consent` timeline event (schemas/traveler-event.ts).
 */
import { z } from 'zod';
import { isoDateTime, keyed, plainShape, strictShape } from './common.ts';
import { noticeVersionSchema } from './notice-version.ts';

export { noticeVersionSchema } from './notice-version.ts';

/** The consent a traveller gave: which notice, when (the QR payload's `consent`). */
export const recordedConsentSchema = strictShape({
  noticeVersion: noticeVersionSchema(),
  at: isoDateTime(),
});
export type RecordedConsent = z.infer<typeof recordedConsentSchema>;

/** A consent as the server reports it (a pre-arrival record, the personal-data export). */
export const consentRecordSchema = plainShape({ at: isoDateTime(), noticeVersion: z.string(keyed()) });
