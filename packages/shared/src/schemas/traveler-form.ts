/**
 * Traveller add/edit form (docs/spec.md §5; docs/architecture.md, "Where the spec is inconsistent"):
 * - fullName, nationality, entryDate, gender required;
 * - passport: 6-12 letters/digits after normalising (upper case, spaces removed); for nationality
 *   VN also 1 letter + 7 digits;
 * - flightNo, origin, destination required in pandemic and emergency modes
 *   ('traveler.errors.incompleteInfo'), optional in normal mode.
 * The returned value is normalised, has every writable field (null when not given) and is ready
 * for the API or the sync outbox.
 */
import type { SystemMode } from '../domain/constants.ts';
import { checkPassport, normalisePassport } from '../domain/passport.ts';
import { isRecord } from './common.ts';
import {
  TRAVELER_FLIGHT_FIELDS,
  TRAVELER_OPTIONAL_FIELDS,
  type TravelerInput,
  travelerInputSchema,
} from './traveler.ts';
import type { FieldErrorParams, FieldErrors, ValidationResult } from './validate.ts';
import { validateWith } from './validate.ts';

/** True when the flight fields are required in this mode (pandemic and emergency). */
export function flightInfoRequired(mode: SystemMode): boolean {
  return mode !== 'normal';
}

const UPPER_CASE_FIELDS = new Set(['nationality', 'flightNo', 'origin', 'destination']);
const INPUT_FIELDS = Object.keys(travelerInputSchema.shape);

/**
 * Picks the known fields of raw form values and normalises them: strings trimmed, empty strings
 * become null, passport and codes upper case without spaces, a numeric durationOfStay string
 * becomes a number, a missing status becomes 'pending'. Unknown keys (id, version, ...) are dropped.
 */
export function normaliseTravelerForm(input: unknown): Record<string, unknown> {
  const raw: Record<string, unknown> = isRecord(input) ? input : {};
  const draft: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    let value = raw[field];
    if (typeof value === 'string') {
      value = value.trim();
      if (field === 'passportNo') value = normalisePassport(value as string);
      else if (UPPER_CASE_FIELDS.has(field)) value = (value as string).replace(/\s+/g, '').toUpperCase();
      if (value === '') value = null;
      else if (field === 'durationOfStay' && /^\d+$/.test(value as string)) value = Number(value);
    }
    if (value !== undefined) draft[field] = value;
  }
  draft.status ??= 'pending';
  return draft;
}

/** Validates the traveller form in a system mode. Errors are i18n keys per field. */
export function validateTravelerForm(input: unknown, mode: SystemMode): ValidationResult<TravelerInput> {
  const draft = normaliseTravelerForm(input);
  const errors: FieldErrors = {};
  for (const field of ['fullName', 'nationality', 'entryDate', 'gender'] as const) {
    if (draft[field] == null) errors[field] = 'validation.required';
  }
  const nationality = typeof draft.nationality === 'string' ? draft.nationality : null;
  const passportError = checkPassport(draft.passportNo ?? null, nationality);
  if (passportError) errors.passportNo = passportError;
  if (flightInfoRequired(mode)) {
    for (const field of TRAVELER_FLIGHT_FIELDS) {
      if (draft[field] == null) errors[field] = 'traveler.errors.incompleteInfo';
    }
  }
  const parsed = validateWith(travelerInputSchema, draft);
  if (parsed.ok && Object.keys(errors).length === 0) {
    const value: TravelerInput = { ...parsed.value };
    for (const field of TRAVELER_OPTIONAL_FIELDS) value[field] ??= null;
    return { ok: true, value };
  }
  const params: FieldErrorParams = {};
  if (!parsed.ok) {
    for (const [field, key] of Object.entries(parsed.errors)) {
      if (field in errors) continue;
      errors[field] = key;
      const fieldParams = parsed.params[field];
      if (fieldParams) params[field] = fieldParams;
    }
  }
  return { ok: false, errors, params };
}
