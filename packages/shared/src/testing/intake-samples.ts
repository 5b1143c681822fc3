/** Samples of the fast-intake schemas (pre-arrival submission and API, deleted travellers). */
import type { z } from 'zod';
import {
  preArrivalCodeParamsSchema,
  preArrivalReceiptSchema,
  preArrivalRecordSchema,
  preArrivalSendSchema,
} from '../api/pre-arrivals.ts';
import {
  eraseAnswerSchema,
  eraseRequestSchema,
  legalHoldUpdateSchema,
  personalDataQuerySchema,
  personalDataSchema,
  preArrivalConsentSchema,
  privacyNoticeSchema,
  privacySettingsSchema,
  privacySettingsUpdateSchema,
  privacyTravelerParamsSchema,
  travelerPrivacySchema,
} from '../api/privacy.ts';
import {
  deletedTravelerListSchema,
  deletedTravelerSchema,
  deleteMutationDataSchema,
  deleteReasonSchema,
  travelerRestoreSchema,
} from '../api/traveler-deletes.ts';
import { consentRecordSchema, recordedConsentSchema } from '../schemas/consent.ts';
import { preArrivalDeclarationSchema, preArrivalSubmissionSchema } from '../schemas/pre-arrival.ts';
import { preArrivalTravelerSchema } from '../schemas/traveler.ts';
import * as f from './fixtures.ts';

const submission = f.validPreArrivalSubmission;
const deleted = {
  traveler: { ...f.validTraveler, deletedAt: f.NOW },
  reason: 'Registered twice',
  deletedBy: f.USER_ID,
};

export const INTAKE_SCHEMA_SAMPLES: readonly (readonly [string, z.ZodType, unknown, readonly unknown[]])[] = [
  [
    'preArrivalTraveler',
    preArrivalTravelerSchema,
    submission.traveler,
    [
      { ...submission.traveler, status: 'pending' },
      { ...submission.traveler, passportNo: 'AB123456' },
    ],
  ],
  ['preArrivalDeclaration', preArrivalDeclarationSchema, submission.declaration, []],
  ['preArrivalSubmission', preArrivalSubmissionSchema, submission, [{ traveler: {} }]],
  ['preArrivalCodeParams', preArrivalCodeParamsSchema, { code: 'abcd-efgh 23' }, [{ code: 'O0O0O0O0O0' }]],
  ['preArrivalReceipt', preArrivalReceiptSchema, { code: 'ABCDEFGH23', expiresAt: f.NOW }, []],
  [
    'preArrivalRecord',
    preArrivalRecordSchema,
    {
      code: 'ABCDEFGH23',
      submission,
      createdAt: f.NOW,
      expiresAt: f.NOW,
      usedAt: null,
      consent: { at: f.NOW, noticeVersion: '1.2' },
    },
    [],
  ],
  // Retention and the traveller's rights (api/privacy.ts)
  ['preArrivalSend', preArrivalSendSchema, f.validPreArrivalSend, [submission]],
  [
    'preArrivalConsent',
    preArrivalConsentSchema,
    { accepted: true, noticeVersion: '1.2' },
    [{ accepted: false, noticeVersion: '1.2' }, { accepted: true, noticeVersion: 'x' }, {}],
  ],
  [
    'recordedConsent',
    recordedConsentSchema,
    f.validQrConsent,
    [
      { ...f.validQrConsent, noticeVersion: '1' },
      { ...f.validQrConsent, at: '2025-01-15' },
      { ...f.validQrConsent, accepted: true },
      { noticeVersion: '1.1' },
    ],
  ],
  ['consentRecord', consentRecordSchema, { at: f.NOW, noticeVersion: '1.2' }, [{ at: f.NOW }]],
  ['privacyNotice', privacyNoticeSchema, { retentionMonths: 60, contact: '', noticeVersion: '1.1' }, []],
  [
    'privacySettings',
    privacySettingsSchema,
    { retentionMonths: 60, contact: 'dpo@health.gov.vn', version: 2, updatedAt: f.NOW },
    [],
  ],
  [
    'privacySettingsUpdate',
    privacySettingsUpdateSchema,
    { retentionMonths: 24, contact: 'dpo@health.gov.vn', version: 1 },
    [
      { retentionMonths: 5, contact: 'x', version: 1 },
      { retentionMonths: 241, contact: 'x', version: 1 },
      { retentionMonths: 12, contact: ' ', version: 1 },
      { retentionMonths: 12, contact: 'x'.repeat(301), version: 1 },
    ],
  ],
  ['privacyTravelerParams', privacyTravelerParamsSchema, { id: f.USER_ID }, [{ id: 'x' }]],
  [
    'legalHoldUpdate',
    legalHoldUpdateSchema,
    { hold: true, reason: 'Court order' },
    [
      { hold: true, reason: '' },
      { hold: 'yes', reason: 'x' },
    ],
  ],
  [
    'travelerPrivacy',
    travelerPrivacySchema,
    {
      travelerId: f.USER_ID,
      legalHold: { reason: 'Court order', at: f.NOW, by: 'Admin' },
      anonymisedAt: null,
      retainedUntil: null,
    },
    [],
  ],
  ['eraseRequest', eraseRequestSchema, { reason: 'The traveller asked' }, [{ reason: '' }, {}]],
  ['eraseAnswer', eraseAnswerSchema, { travelerId: f.USER_ID, anonymisedAt: f.NOW, filesDeleted: 1 }, []],
  ['personalDataQuery', personalDataQuerySchema, { format: 'html', lang: 'vi' }, [{ format: 'pdf' }]],
  [
    'personalData',
    personalDataSchema,
    {
      generatedAt: f.NOW,
      traveler: { id: f.USER_ID },
      declaration: null,
      timeline: [],
      checkIns: [],
      files: [],
      audit: [],
      privacy: { travelerId: f.USER_ID, legalHold: null, anonymisedAt: null, retainedUntil: f.NOW },
      consent: { at: f.NOW, noticeVersion: '1.2' },
    },
    [],
  ],
  ['deleteReason', deleteReasonSchema, 'Registered twice', ['', 'x'.repeat(1001)]],
  ['deleteMutationData', deleteMutationDataSchema, { reason: 'Registered twice' }, [{ reason: '' }, {}]],
  ['deletedTraveler', deletedTravelerSchema, deleted, []],
  ['deletedTravelerList', deletedTravelerListSchema, { items: [deleted] }, []],
  ['travelerRestore', travelerRestoreSchema, { version: 2 }, [{ version: 0 }]],
];
