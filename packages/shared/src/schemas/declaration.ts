/**
 * Health declaration: the form (`declarationFormSchema`, with the spec's messages), the writable
 * fields for API and sync (`declarationInputSchema` = form + systemMode) and the stored record
 * (`declarationSchema` = form + risk assessment + sync fields). One declaration per traveller.
 * The server computes riskScore/riskLevel/riskFactors/ruleVersion with `computeRiskScore`.
 */
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SYSTEM_MODES,
  TEMP_MAX,
  TEMP_MIN,
  TEMP_STEP,
  TEXT_MAX_LENGTH,
  TRAVELER_NAME_MAX_LENGTH,
} from '../domain/constants.ts';
import { EMAIL_PATTERN, isValidEmail } from '../domain/email.ts';
import { decimalInput } from '../domain/number.ts';
import { normalisePassport } from '../domain/passport.ts';
import { isValidPhone } from '../domain/phone.ts';
import { RISK_ZONES, SYMPTOMS, VACCINATION_STATUSES } from '../domain/reference.ts';
import { RISK_FACTOR_IDS, RISK_FACTOR_POINTS, RISK_LEVELS } from '../domain/risk.ts';
import {
  boundedText,
  flag,
  intBetween,
  isRecord,
  keyed,
  nullableShape,
  nullishShape,
  oneOf,
  plainShape,
  requiredText,
  strictShape,
  syncedRecord,
  uuid,
} from './common.ts';
import { type ValidationResult, validateWith } from './validate.ts';

const PHONE_REQUIRED = 'declaration.errors.phoneRequired';
const PHONE_INVALID = 'declaration.errors.phoneInvalid';
/**
 * isValidPhone as a pattern for the document: separators (space . - brackets) anywhere, then
 * '+' and 10-15 digits, or 9-15 digits (a Vietnamese number with +84, 84 or 0, or without).
 */
const SEP = '[\\s.()-]*';
const PHONE_PATTERN = `^${SEP}(?:\\+${SEP}(?:\\d${SEP}){10,15}|(?:\\d${SEP}){9,15})$`;
const EMAIL_INVALID = 'declaration.errors.emailInvalid';
const TEMP_RANGE = 'declaration.errors.temperatureRange';
const TEMP_REQUIRED = 'declaration.errors.temperatureRequired';
const TEMP_INVALID = 'declaration.errors.temperatureInvalid';
const VACCINATION_REQUIRED = 'declaration.errors.vaccinationStatusRequired';
const COMMITMENT_REQUIRED = 'declaration.errors.commitmentRequired';

export const symptomsSchema = strictShape({
  fever: flag(),
  cough: flag(),
  breathingDifficulty: flag(),
  lossOfTasteSmell: flag(),
  soreThroat: flag(),
  headache: flag(),
});
export type Symptoms = z.infer<typeof symptomsSchema>;

/** No symptom ticked (a new form, a check-in without complaints). */
export const NO_SYMPTOMS: Readonly<Symptoms> = symptomsSchema.parse(
  Object.fromEntries(SYMPTOMS.map((symptom) => [symptom, false])),
);

export const CONTACT_FLAGS = [
  'covidContact',
  'visitedAffectedArea',
  'visitedWuhan',
  'visitedItaly',
  'visitedIran',
  'visitedKorea',
] as const;

export const contactHistorySchema = strictShape({
  covidContact: flag(),
  visitedAffectedArea: flag(),
  visitedWuhan: flag(),
  visitedItaly: flag(),
  visitedIran: flag(),
  visitedKorea: flag(),
  notes: boundedText(NOTES_MAX_LENGTH).nullable().optional(),
});
export type ContactHistory = z.infer<typeof contactHistorySchema>;

/** No contact and no affected area visited, no notes. */
export const NO_CONTACT_HISTORY: Readonly<ContactHistory> = contactHistorySchema.parse({
  ...Object.fromEntries(CONTACT_FLAGS.map((key) => [key, false])),
  notes: null,
});

/** Body temperature in °C: 35-45, one decimal at most (37.55 is refused). */
export const bodyTemperatureSchema = z
  .number(keyed(TEMP_REQUIRED, TEMP_INVALID))
  .min(TEMP_MIN, TEMP_RANGE)
  .max(TEMP_MAX, TEMP_RANGE)
  .multipleOf(TEMP_STEP, 'declaration.errors.temperatureStep');

const requiredFormFields = {
  travelerId: uuid('declaration.errors.travelerRequired'),
  fullName: requiredText(TRAVELER_NAME_MAX_LENGTH, 'declaration.errors.fullNameRequired'),
  passportNumber: requiredText(20, 'declaration.errors.passportNumberRequired'),
  phone: z
    .string(keyed(PHONE_REQUIRED, PHONE_INVALID))
    .min(1, { error: PHONE_REQUIRED, abort: true })
    .max(PHONE_MAX_LENGTH, PHONE_INVALID)
    .refine(isValidPhone, PHONE_INVALID)
    .meta({ pattern: PHONE_PATTERN }),
  bodyTemperature: bodyTemperatureSchema,
  vaccinationStatus: z.enum(VACCINATION_STATUSES, keyed(VACCINATION_REQUIRED, VACCINATION_REQUIRED)),
  symptoms: symptomsSchema,
  contactHistory: contactHistorySchema,
  /** Risk zones visited in the last 14 days. */
  riskZones: z
    .array(oneOf(RISK_ZONES), keyed())
    .max(RISK_ZONES.length, 'validation.too_many_items')
    .refine((zones) => new Set(zones).size === zones.length, 'validation.duplicate_items')
    .meta({ uniqueItems: true }),
  commitment: z.literal(true, keyed(COMMITMENT_REQUIRED, COMMITMENT_REQUIRED)),
};

const optionalFormFields = {
  /** Optional; an empty string counts as not given. */
  email: z
    .string(keyed('validation.required', EMAIL_INVALID))
    .max(EMAIL_MAX_LENGTH, EMAIL_INVALID)
    .refine((value) => value === '' || isValidEmail(value), EMAIL_INVALID)
    .meta({ pattern: `^(?:|${EMAIL_PATTERN.source.slice(1, -1)})$` }),
  medications: boundedText(TEXT_MAX_LENGTH),
  allergies: boundedText(TEXT_MAX_LENGTH),
  medicalHistory: boundedText(TEXT_MAX_LENGTH),
  /** Uploaded test certificate (files id). */
  testFileId: uuid(),
  /** Uploaded vaccination certificate (files id). */
  vaccinationCertFileId: uuid(),
};

/** Names of the optional declaration fields (null when not given). */
export const DECLARATION_OPTIONAL_FIELDS = [
  'email',
  'medications',
  'allergies',
  'medicalHistory',
  'testFileId',
  'vaccinationCertFileId',
] as const satisfies readonly (keyof typeof optionalFormFields)[];
// Compile-time check that the list names every optional field.
type UnlistedOptionalField = Exclude<
  keyof typeof optionalFormFields,
  (typeof DECLARATION_OPTIONAL_FIELDS)[number]
>;
const everyOptionalFieldListed: [UnlistedOptionalField] extends [never] ? true : false = true;
void everyOptionalFieldListed;

const formShape = { ...requiredFormFields, ...nullishShape(optionalFormFields) };

/** The health declaration form as submitted. */
export const declarationFormSchema = strictShape(formShape);
export type DeclarationForm = z.infer<typeof declarationFormSchema>;

const inputShape = { ...formShape, systemMode: oneOf(SYSTEM_MODES) };

/** Writable declaration fields (REST body without id, sync mutation data). */
export const declarationInputSchema = strictShape(inputShape);
export type DeclarationInput = z.infer<typeof declarationInputSchema>;

/** Body of POST /health-declarations: the writable fields plus the id made on the device. */
export const declarationCreateSchema = strictShape({ id: uuid(), ...inputShape });
export type DeclarationCreate = z.infer<typeof declarationCreateSchema>;

const maxRiskScore = Object.values(RISK_FACTOR_POINTS).reduce((sum, points) => sum + points, 0);

export const riskFactorSchema = plainShape({
  id: oneOf(RISK_FACTOR_IDS),
  points: intBetween(0, maxRiskScore),
});

/** Declaration record as stored on the server and sent to devices. */
export const declarationSchema = syncedRecord({
  id: uuid(),
  ...requiredFormFields,
  ...nullableShape(optionalFormFields),
  systemMode: oneOf(SYSTEM_MODES),
  riskScore: intBetween(0, maxRiskScore),
  riskLevel: oneOf(RISK_LEVELS),
  riskFactors: z.array(riskFactorSchema, keyed()),
  ruleVersion: z.string(keyed()).min(1, 'validation.required'),
});
export type Declaration = z.infer<typeof declarationSchema>;

const TEXT_FIELDS = [
  'fullName',
  'passportNumber',
  'phone',
  'email',
  'medications',
  'allergies',
  'medicalHistory',
];
const NULL_WHEN_EMPTY = new Set<string>(DECLARATION_OPTIONAL_FIELDS);

/**
 * Normalises raw form values: strings trimmed, passport upper case without spaces, empty optional
 * fields null, an empty travelerId absent, a temperature typed with a decimal comma or point a number, missing symptom and
 * contact flags false (contact history is hidden in normal mode), missing riskZones [].
 */
export function normaliseDeclarationForm(input: unknown): Record<string, unknown> {
  const raw = isRecord(input) ? input : {};
  const draft: Record<string, unknown> = {};
  for (const field of Object.keys(formShape)) {
    let value = raw[field];
    if (typeof value === 'string' && (TEXT_FIELDS.includes(field) || NULL_WHEN_EMPTY.has(field)))
      value = value.trim();
    if (field === 'passportNumber' && typeof value === 'string') value = normalisePassport(value);
    if (value === '' && (NULL_WHEN_EMPTY.has(field) || field === 'travelerId'))
      value = field === 'travelerId' ? undefined : null;
    if (value !== undefined) draft[field] = value;
  }
  draft.bodyTemperature = decimalInput(draft.bodyTemperature);
  draft.symptoms = withFlags(draft.symptoms, SYMPTOMS);
  draft.contactHistory = withFlags(draft.contactHistory, CONTACT_FLAGS);
  if (isRecord(draft.contactHistory) && draft.contactHistory.notes === '') draft.contactHistory.notes = null;
  draft.riskZones ??= [];
  return draft;
}

/**
 * Validates the health declaration form; errors are i18n keys per field ('contactHistory.notes').
 * The value has every optional field (null when not given).
 */
export function validateDeclarationForm(input: unknown): ValidationResult<DeclarationForm> {
  const result = validateWith(declarationFormSchema, normaliseDeclarationForm(input));
  if (!result.ok) return result;
  const value: DeclarationForm = { ...result.value, contactHistory: { ...result.value.contactHistory } };
  for (const field of DECLARATION_OPTIONAL_FIELDS) value[field] ??= null;
  value.contactHistory.notes ??= null;
  return { ok: true, value };
}

function withFlags(value: unknown, flags: readonly string[]): unknown {
  if (value === undefined) value = {};
  if (!isRecord(value)) return value;
  const filled: Record<string, unknown> = { ...value };
  for (const name of flags) filled[name] ??= false;
  return filled;
}
