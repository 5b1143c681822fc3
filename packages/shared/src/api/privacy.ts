/**
 * Contract of retention and the traveller's rights (issue 33 points 6 and 7,
 * docs/decisions/017-retention-and-rights.md): the privacy settings (admins), the notice the
 * public pre-arrival form shows, a traveller's legal hold, the export of everything held about
 * one traveller and its erasure.
 */
import { z } from 'zod';
import {
  intBetween,
  isoDateTime,
  keyed,
  plainShape,
  requiredText,
  strictShape,
  uuid,
  versionSchema,
} from '../schemas/common.ts';
import { consentRecordSchema, noticeVersionSchema } from '../schemas/consent.ts';
import { fileMetadataSchema } from '../schemas/file.ts';
import { auditEntrySchema } from './audit.ts';

/** Bounds of the retention period, in months (an admin setting). */
export const RETENTION_MONTHS_MIN = 6;
export const RETENTION_MONTHS_MAX = 240;
/** The period until an admin sets one: five years. */
export const DEFAULT_RETENTION_MONTHS = 60;
/** Longest contact text (who answers the travellers' questions). */
export const PRIVACY_CONTACT_MAX = 300;
/** Longest reason of a legal hold, its release or an erasure. */
export const PRIVACY_REASON_MAX = 500;
/**
 * Version of the notice's wording (the texts in the web app's privacy.json). A consent records
 * `<wording>.<settings version>`: the wording and the period and contact it showed.
 */
export const PRIVACY_NOTICE_WORDING = 1;

/**
 * What an anonymised record holds instead of the name, passport and phone number: values every
 * record schema accepts (the fields are required), the same for everyone, naming no one.
 */
export const ANONYMISED_VALUES = {
  fullName: '***',
  passportNo: 'X0000000',
  phone: '0000000000',
} as const;

/** Notice version as a consent records it, e.g. "1.3". */
export const noticeVersionOf = (settingsVersion: number) => `${PRIVACY_NOTICE_WORDING}.${settingsVersion}`;

const retentionMonths = () => intBetween(RETENTION_MONTHS_MIN, RETENTION_MONTHS_MAX);
const contact = () => requiredText(PRIVACY_CONTACT_MAX);
const reason = () => requiredText(PRIVACY_REASON_MAX);

/** GET /api/privacy/notice (public): what the pre-arrival form's notice shows. */
export const privacyNoticeSchema = plainShape({
  retentionMonths: retentionMonths(),
  /** Who answers questions about the data (empty until an admin sets it). */
  contact: z.string(keyed()),
  noticeVersion: z.string(keyed()),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** GET and PUT /api/privacy/settings (admins). */
export const privacySettingsSchema = plainShape({
  retentionMonths: retentionMonths(),
  contact: z.string(keyed()),
  /** 1 until an admin first saves the settings; bumped by every save. */
  version: versionSchema,
  updatedAt: isoDateTime().nullable(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const privacySettingsUpdateSchema = strictShape({
  retentionMonths: retentionMonths(),
  contact: contact(),
  /** The version the admin saw (a conflict if another admin saved in between). */
  version: versionSchema,
});
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;

/** The consent a pre-arrival submission is sent with (POST /api/pre-arrivals). */
export const preArrivalConsentSchema = strictShape({
  accepted: z.literal(true, keyed('privacy.errors.consentRequired', 'privacy.errors.consentRequired')),
  noticeVersion: noticeVersionSchema(),
});
export type PreArrivalConsent = z.infer<typeof preArrivalConsentSchema>;

/** Path of the traveller routes below. */
export const privacyTravelerParamsSchema = plainShape({ id: uuid() });

/** PUT /api/travelers/:id/legal-hold (admins, the post's supervisor): set or clear, with a reason. */
export const legalHoldUpdateSchema = strictShape({
  hold: z.boolean(keyed()),
  reason: reason(),
});
export type LegalHoldUpdate = z.infer<typeof legalHoldUpdateSchema>;

/** A traveller's privacy state (GET /api/travelers/:id/privacy). */
export const travelerPrivacySchema = plainShape({
  travelerId: uuid(),
  legalHold: plainShape({
    reason: z.string(keyed()),
    at: isoDateTime(),
    by: z.string(keyed()).nullable(),
  }).nullable(),
  anonymisedAt: isoDateTime().nullable(),
  /** When the retention job would anonymise it (the last activity + the period), if not held. */
  retainedUntil: isoDateTime().nullable(),
});
export type TravelerPrivacy = z.infer<typeof travelerPrivacySchema>;

/** POST /api/travelers/:id/erase (admins): the reason the law allows it. */
export const eraseRequestSchema = strictShape({ reason: reason() });
export type EraseRequest = z.infer<typeof eraseRequestSchema>;

export const eraseAnswerSchema = plainShape({
  travelerId: uuid(),
  anonymisedAt: isoDateTime(),
  filesDeleted: z.number(keyed()).int('validation.integer'),
});
export type EraseAnswer = z.infer<typeof eraseAnswerSchema>;

/** GET /api/travelers/:id/personal-data: JSON (the default) or a readable HTML page. */
export const personalDataQuerySchema = plainShape({
  format: z.enum(['json', 'html'], 'validation.invalid_option').default('json'),
  lang: z.enum(['vi', 'en', 'ja'], 'validation.invalid_option').default('en'),
});

const apiRecord = () => z.record(z.string(), z.unknown(), keyed());

/** Everything held about one traveller. */
export const personalDataSchema = plainShape({
  generatedAt: isoDateTime(),
  traveler: apiRecord(),
  declaration: apiRecord().nullable(),
  timeline: z.array(apiRecord(), keyed()),
  checkIns: z.array(apiRecord(), keyed()),
  files: z.array(fileMetadataSchema, keyed()),
  audit: z.array(auditEntrySchema, keyed()),
  privacy: travelerPrivacySchema,
  /**
   * The traveller's consent to the privacy notice, from its `consent` timeline event (a traveller
   * registered from a pre-arrival code that carried it), or null.
   */
  consent: consentRecordSchema.nullable(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
