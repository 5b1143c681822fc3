/**
 * What a traveller submits before arriving (the public /pre-arrival form, POST /api/pre-arrivals
 * and the QR payload): the traveller and the health declaration, with the same field rules and
 * messages as the officer's forms. The declaration leaves out what the traveller part already
 * says (name, passport), the traveller id (the officer's app makes it) and uploaded files (the
 * public form has no upload).
 */
import { z } from 'zod';
import { keyed, strictShape } from './common.ts';
import { DECLARATION_OPTIONAL_FIELDS, declarationFormSchema } from './declaration.ts';
import { preArrivalTravelerSchema, TRAVELER_OPTIONAL_FIELDS } from './traveler.ts';

export const preArrivalDeclarationSchema = declarationFormSchema.omit({
  travelerId: true,
  fullName: true,
  passportNumber: true,
  testFileId: true,
  vaccinationCertFileId: true,
});
export type PreArrivalDeclaration = z.infer<typeof preArrivalDeclarationSchema>;

export const preArrivalSubmissionSchema = strictShape({
  traveler: preArrivalTravelerSchema,
  declaration: preArrivalDeclarationSchema,
  /**
   * The post of arrival the traveller chose, by code (api/posts.ts; QR payload version 2): the
   * officer's review names it; look-ups by officers of other posts do not find the submission.
   */
  post: z
    .string(keyed())
    .regex(/^[A-Z0-9]{2,8}$/, 'validation.invalid_format')
    .optional(),
});
export type PreArrivalSubmission = z.infer<typeof preArrivalSubmissionSchema>;

/** The submission with every optional field present (null when not given): one form for every reader. */
export function completePreArrival(value: PreArrivalSubmission): PreArrivalSubmission {
  const traveler = { ...value.traveler, entryDate: value.traveler.entryDate ?? null };
  for (const field of TRAVELER_OPTIONAL_FIELDS) traveler[field] ??= null;
  const declaration = { ...value.declaration, contactHistory: { ...value.declaration.contactHistory } };
  for (const field of DECLARATION_OPTIONAL_FIELDS) {
    if (field !== 'testFileId' && field !== 'vaccinationCertFileId') declaration[field] ??= null;
  }
  declaration.contactHistory.notes ??= null;
  return { traveler, declaration, ...(value.post ? { post: value.post } : {}) };
}
