/**
 * Dates a person or a border crossing can really have, checked by every input schema (the forms,
 * the API, sync mutations, the CSV import and pre-arrival submissions): an entry at most a week
 * ahead, a birth between 1900 and today, a passport that expires after its holder was born.
 *
 * "Today" is the latest calendar date anywhere on Earth (UTC+14), so that a device or server in
 * any time zone accepts the same dates; a bound only ever widens as time passes, so a change
 * queued offline stays valid until it reaches the server. Stored records are not checked again
 * (a device must always be able to read what the server holds).
 */
import { isoDate } from './common.ts';

/** How many days after today an entry (or a pre-arrival's expected arrival) may be. */
export const MAX_ENTRY_DAYS_AHEAD = 7;
/** The earliest birth date accepted. */
export const MIN_BIRTH_DATE = '1900-01-01';

const DAY_MS = 86_400_000;
const LATEST_OFFSET_MS = 14 * 3_600_000;

/** The latest calendar date anywhere on Earth at `now`, plus `days`, as YYYY-MM-DD. */
export function latestDateAnywhere(days = 0, now = Date.now()): string {
  return new Date(now + LATEST_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** Between `min` and `max()` (isoDate has refused anything that is not a real date already). */
const within = (min: string, max: () => string) => (d: string) => d >= min && d <= max();

/** A date of entry: not more than MAX_ENTRY_DAYS_AHEAD days after today. */
export const entryDate = () =>
  isoDate().refine(
    within('0000-00-00', () => latestDateAnywhere(MAX_ENTRY_DAYS_AHEAD)),
    'validation.entry_date_too_far',
  );

/** A birth date: from MIN_BIRTH_DATE to today. */
export const birthDate = () =>
  isoDate().refine(
    within(MIN_BIRTH_DATE, () => latestDateAnywhere()),
    'validation.birth_date_invalid',
  );

/** False when a passport's expiry is not after its holder's birth date (both given). */
export const expiresAfterBirth = (value: { birthDate?: string | null; passportExpiry?: string | null }) =>
  !value.birthDate || !value.passportExpiry || value.passportExpiry > value.birthDate;
