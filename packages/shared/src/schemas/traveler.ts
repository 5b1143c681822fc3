/**
 * Traveller: the synced record (`travelerSchema`) and the writable fields used by the REST API
 * and by sync mutations (`travelerInputSchema`).
 *
 * The input schema is the server-side contract and expects normalised values (passport and codes
 * in upper case without spaces); the traveller form normalises and adds the form rules in
 * `validateTravelerForm` (traveler-form.ts). Required everywhere: fullName, passportNo,
 * nationality, entryDate, status. Passport: 6-12 letters/digits; 1 letter + 7 digits for VN.
 */
import { z } from 'zod';
import { NOTES_MAX_LENGTH, TEXT_MAX_LENGTH, TRAVELER_NAME_MAX_LENGTH } from '../domain/constants.ts';
import { PASSPORT_PATTERN, VN_PASSPORT_PATTERN } from '../domain/passport.ts';
import { QUARANTINE_DAYS_MAX, QUARANTINE_DAYS_MIN } from '../domain/quarantine.ts';
import { GENDERS, PURPOSES_OF_VISIT, TRAVELER_STATUSES } from '../domain/reference.ts';
import {
  boundedText,
  countryCode,
  intBetween,
  isoDate,
  keyed,
  nullableShape,
  nullishShape,
  oneOf,
  requiredText,
  strictShape,
  syncedRecord,
  uuid,
  whenValid,
} from './common.ts';
import { birthDate, entryDate, expiresAfterBirth } from './date-bounds.ts';

/** Flight number, normalised: airline designator (2-3 characters) + 1-4 digits + optional letter. */
export const FLIGHT_NO_PATTERN = /^[A-Z0-9]{2}[A-Z]?\d{1,4}[A-Z]?$/;
/** IATA airport code. */
export const AIRPORT_CODE_PATTERN = /^[A-Z]{3}$/;
/** Longest stay that can be declared, in days. */
export const MAX_DURATION_OF_STAY_DAYS = 3650;

const requiredFields = {
  fullName: requiredText(TRAVELER_NAME_MAX_LENGTH),
  passportNo: z
    .string(keyed('validation.required', 'traveler.errors.passportInvalid'))
    .regex(PASSPORT_PATTERN, 'traveler.errors.passportInvalid'),
  nationality: countryCode(),
  entryDate: isoDate(),
};

/**
 * The status is the server's (lifecycle table in domain/lifecycle.ts): a device may still send it
 * (older outbox rows do) but the server ignores it and keeps its own. Changes go through
 * `status_changed` timeline events.
 */
const statusField = { status: oneOf(TRAVELER_STATUSES) };

const airportCode = () =>
  z
    .string(keyed('validation.required', 'traveler.errors.airportInvalid'))
    .regex(AIRPORT_CODE_PATTERN, 'traveler.errors.airportInvalid');

const optionalFields = {
  flightNo: z
    .string(keyed('validation.required', 'traveler.errors.flightNoInvalid'))
    .regex(FLIGHT_NO_PATTERN, 'traveler.errors.flightNoInvalid'),
  origin: airportCode(),
  destination: airportCode(),
  gender: oneOf(GENDERS),
  birthDate: isoDate(),
  note: boundedText(NOTES_MAX_LENGTH),
  passportExpiry: isoDate(),
  address: boundedText(TEXT_MAX_LENGTH),
  occupation: boundedText(200),
  purposeOfVisit: oneOf(PURPOSES_OF_VISIT),
  /** Planned stay in days. */
  durationOfStay: intBetween(0, MAX_DURATION_OF_STAY_DAYS),
  accommodation: boundedText(TEXT_MAX_LENGTH),
  /** Free text: name and phone of an emergency contact. */
  emergencyContact: boundedText(300),
};

/** Names of the optional traveller fields (null when not given). */
export const TRAVELER_OPTIONAL_FIELDS = Object.keys(optionalFields) as (keyof typeof optionalFields)[];

/** Flight fields: required in pandemic and emergency modes, optional in normal mode. */
export const TRAVELER_FLIGHT_FIELDS = ['flightNo', 'origin', 'destination'] as const;

const isVnPassportOk = (value: { passportNo: string; nationality: string }) =>
  value.nationality !== 'VN' || VN_PASSPORT_PATTERN.test(value.passportNo);
const vnPassportOptions = () => ({
  error: 'traveler.errors.passportVnFormat',
  path: ['passportNo'],
  ...whenValid('passportNo', 'nationality'),
});

/**
 * What a writer may send: the record's fields with the dates bounded to what can be true
 * (date-bounds.ts). The stored record (travelerSchema) keeps the plain dates, so a device can
 * always read what the server holds.
 */
const inputRequiredFields = { ...requiredFields, entryDate: entryDate() };
const inputOptionalFields = { ...optionalFields, birthDate: birthDate() };

const travelerInputShape = {
  ...inputRequiredFields,
  status: statusField.status.optional(),
  /**
   * The post of arrival (api/posts.ts): a new traveller's, from the officer's current post (the
   * server's default) or a pre-arrival code; an update never moves a traveller (a transfer does).
   */
  entryPostId: uuid().nullish(),
  ...nullishShape(inputOptionalFields),
};

const expiryOptions = () => ({
  error: 'validation.expiry_before_birth',
  path: ['passportExpiry'],
  ...whenValid('birthDate', 'passportExpiry'),
});

/** Writable traveller fields (REST create/update body without id, sync mutation data). */
export const travelerInputSchema = strictShape(travelerInputShape)
  .refine(isVnPassportOk, vnPassportOptions())
  .refine(expiresAfterBirth, expiryOptions());
export type TravelerInput = z.infer<typeof travelerInputSchema>;

/** Body of POST /travelers: the writable fields plus the id made on the device. */
export const travelerCreateSchema = strictShape({ id: uuid(), ...travelerInputShape })
  .refine(isVnPassportOk, vnPassportOptions())
  .refine(expiresAfterBirth, expiryOptions());
export type TravelerCreate = z.infer<typeof travelerCreateSchema>;

/** Traveller record as stored on the server and sent to devices (optional fields are null). */
export const travelerSchema = syncedRecord({
  id: uuid(),
  ...requiredFields,
  ...statusField,
  ...nullableShape(optionalFields),
  /** Set by the server when the traveller enters quarantine: first day and length of the schedule. */
  quarantineStart: isoDate().nullish(),
  quarantineDays: intBetween(QUARANTINE_DAYS_MIN, QUARANTINE_DAYS_MAX).nullish(),
  /** The post the traveller belongs to (null only in copies kept from before posts existed). */
  entryPostId: uuid().nullish(),
});
export type Traveler = z.infer<typeof travelerSchema>;

const { entryDate: _entryDate, ...selfDeclaredFields } = inputRequiredFields;

/**
 * The traveller part of a pre-arrival submission (the traveller fills it before arriving): the
 * writable fields without status (the officer's app sets it) and with the entry date optional (the
 * expected arrival; the officer's review defaults it to today).
 */
export const preArrivalTravelerSchema = strictShape({
  ...selfDeclaredFields,
  ...nullishShape({ ...inputOptionalFields, entryDate: entryDate() }),
})
  .refine(isVnPassportOk, vnPassportOptions())
  .refine(expiresAfterBirth, expiryOptions());
export type PreArrivalTraveler = z.infer<typeof preArrivalTravelerSchema>;
