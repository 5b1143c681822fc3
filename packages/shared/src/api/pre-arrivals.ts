/**
 * Contract of /api/pre-arrivals: a traveller submits before arriving (anonymous) and gets a short
 * reference code; an officer looks a code up and marks it used once imported. There is no list.
 */
import { z } from 'zod';
import { isoDateTime, keyed, plainShape, strictShape } from '../schemas/common.ts';
import { consentRecordSchema } from '../schemas/consent.ts';
import { preArrivalSubmissionSchema } from '../schemas/pre-arrival.ts';
import { preArrivalConsentSchema } from './privacy.ts';

/**
 * Reference code alphabet: digits and upper-case letters without the look-alikes 0/O, 1/I/L, so it
 * reads out and types without mistakes. The code is random: it says nothing about the traveller.
 */
export const PRE_ARRIVAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PRE_ARRIVAL_CODE_LENGTH = 10;
export const PRE_ARRIVAL_CODE_PATTERN = new RegExp(
  `^[${PRE_ARRIVAL_CODE_ALPHABET}]{${PRE_ARRIVAL_CODE_LENGTH}}$`,
);
/** Hours a submission is kept before it is purged. */
export const PRE_ARRIVAL_TTL_HOURS = 72;

const CODE_CHARACTER = `[${PRE_ARRIVAL_CODE_ALPHABET}${PRE_ARRIVAL_CODE_ALPHABET.toLowerCase().replace(/\d/g, '')}]`;
const TYPED_CODE_PATTERN = `^[\\s-]*(?:${CODE_CHARACTER}[\\s-]*){${PRE_ARRIVAL_CODE_LENGTH}}$`;

/** A code as typed: spaces and dashes dropped, upper case. */
export const normalisePreArrivalCode = (raw: string) => raw.replace(/[\s-]+/g, '').toUpperCase();

/** Path of /api/pre-arrivals/:code (the code as typed is normalised first). */
export const preArrivalCodeParamsSchema = plainShape({
  code: z
    .string(keyed())
    .transform(normalisePreArrivalCode)
    .pipe(z.string().regex(PRE_ARRIVAL_CODE_PATTERN, 'preArrival.errors.codeInvalid'))
    // As typed: the code's letters in either case, spaces and dashes anywhere.
    .meta({ pattern: TYPED_CODE_PATTERN }),
});

/**
 * Body of POST /api/pre-arrivals: the submission and the traveller's consent to the privacy
 * notice (required; docs/decisions/017-retention-and-rights.md). The QR payload carries the
 * submission and, from version 3, the consent's notice version and time (docs/qr-payload.md).
 */
export const preArrivalSendSchema = strictShape({
  ...preArrivalSubmissionSchema.shape,
  consent: preArrivalConsentSchema,
});
export type PreArrivalSend = z.infer<typeof preArrivalSendSchema>;

/** Answer of POST /api/pre-arrivals (201). */
export const preArrivalReceiptSchema = plainShape({
  code: z.string(keyed()).regex(PRE_ARRIVAL_CODE_PATTERN),
  expiresAt: isoDateTime(),
});
export type PreArrivalReceipt = z.infer<typeof preArrivalReceiptSchema>;

/** Answer of GET /api/pre-arrivals/:code and POST /api/pre-arrivals/:code/used. */
export const preArrivalRecordSchema = plainShape({
  code: z.string(keyed()).regex(PRE_ARRIVAL_CODE_PATTERN),
  submission: preArrivalSubmissionSchema,
  createdAt: isoDateTime(),
  expiresAt: isoDateTime(),
  usedAt: isoDateTime().nullable(),
  /** The consent it was sent with (null for submissions older than the notice). */
  consent: consentRecordSchema.nullable(),
});
export type PreArrivalRecord = z.infer<typeof preArrivalRecordSchema>;
