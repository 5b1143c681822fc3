/**
 * The public pre-arrival form's state and its check: the identity and health answers reuse the
 * officer's declaration form values (same sections, same messages); the travel details are
 * strings as typed. Validation goes through the shared `preArrivalSubmissionSchema`, so the
 * QR payload and POST /api/pre-arrivals hold exactly what the server accepts.
 */
import {
  type FieldErrorParams,
  type FieldErrors,
  normaliseDeclarationForm,
  normalisePassport,
  type PreArrivalSubmission,
  preArrivalSubmissionSchema,
  type ValidationResult,
  validateWith,
} from '@bh/shared';
import { type FormValues, toFormInput } from '../health-declaration/form-values.ts';

const TRIP_FIELDS = [
  'nationality',
  'birthDate',
  'gender',
  'passportExpiry',
  'entryDate',
  'flightNo',
  'origin',
  'destination',
  'purposeOfVisit',
  'address',
  'accommodation',
  'emergencyContact',
] as const;
export type TripField = (typeof TRIP_FIELDS)[number];
export type TripValues = Record<TripField, string>;

export const emptyTrip = (): TripValues => ({
  nationality: '',
  birthDate: '',
  gender: '',
  passportExpiry: '',
  entryDate: '',
  flightNo: '',
  origin: '',
  destination: '',
  purposeOfVisit: '',
  address: '',
  accommodation: '',
  emergencyContact: '',
});

const UPPER = new Set<string>(['flightNo', 'origin', 'destination', 'nationality']);
/** The declaration schema wants a traveller id; the officer's app makes the real one on import. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** Submission error paths to the form's field names ('traveler.passportNo' is the passport box). */
function formField(path: string): string {
  if (path === 'traveler.passportNo') return 'passportNumber';
  return path.replace(/^(traveler|declaration)\./, '');
}

export function validatePreArrival(
  answers: FormValues,
  trip: TripValues,
): ValidationResult<PreArrivalSubmission> {
  const {
    travelerId: _id,
    fullName,
    passportNumber,
    testFileId: _test,
    vaccinationCertFileId: _cert,
    ...declaration
  } = normaliseDeclarationForm(toFormInput({ ...answers, travelerId: PLACEHOLDER_ID }, 'pandemic'));
  const traveler: Record<string, unknown> = {
    fullName,
    passportNo: typeof passportNumber === 'string' ? normalisePassport(passportNumber) : passportNumber,
  };
  for (const field of TRIP_FIELDS) {
    const value = trip[field].trim();
    if (value !== '') traveler[field] = UPPER.has(field) ? value.toUpperCase().replace(/\s+/g, '') : value;
  }
  const result = validateWith(preArrivalSubmissionSchema, { traveler, declaration });
  if (result.ok) return result;
  const errors: FieldErrors = {};
  const params: FieldErrorParams = {};
  for (const [path, key] of Object.entries(result.errors)) {
    const field = formField(path);
    errors[field] ??= key;
    const param = result.params[path];
    if (param) params[field] = param;
  }
  return { ok: false, errors, params };
}
