/** Samples of the fast-intake schemas (pre-arrival submission and API, deleted travellers). */
import type { z } from 'zod';
import {
  preArrivalCodeParamsSchema,
  preArrivalReceiptSchema,
  preArrivalRecordSchema,
} from '../api/pre-arrivals.ts';
import {
  deletedTravelerListSchema,
  deletedTravelerSchema,
  deleteMutationDataSchema,
  deleteReasonSchema,
  travelerRestoreSchema,
} from '../api/traveler-deletes.ts';
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
    { code: 'ABCDEFGH23', submission, createdAt: f.NOW, expiresAt: f.NOW, usedAt: null },
    [],
  ],
  ['deleteReason', deleteReasonSchema, 'Registered twice', ['', 'x'.repeat(1001)]],
  ['deleteMutationData', deleteMutationDataSchema, { reason: 'Registered twice' }, [{ reason: '' }, {}]],
  ['deletedTraveler', deletedTravelerSchema, deleted, []],
  ['deletedTravelerList', deletedTravelerListSchema, { items: [deleted] }, []],
  ['travelerRestore', travelerRestoreSchema, { version: 2 }, [{ version: 0 }]],
];
