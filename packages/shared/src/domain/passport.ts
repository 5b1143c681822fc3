/**
 * Passport number rules (docs/architecture.md, "Where the spec is inconsistent"):
 * - every passport, after normalising (upper case, all whitespace removed), must be 6-12 letters or digits;
 * - only when the nationality is VN it must also be one letter followed by 7 digits.
 */

/** Form rule applied to every passport (after normalising). */
export const PASSPORT_PATTERN = /^[A-Z0-9]{6,12}$/;
/** Extra rule for Vietnamese passports: one letter plus 7 digits. */
export const VN_PASSPORT_PATTERN = /^[A-Z]\d{7}$/;

export type PassportErrorKey =
  | 'validation.required'
  | 'traveler.errors.passportInvalid'
  | 'traveler.errors.passportVnFormat';

/** Upper case with all whitespace removed. */
export function normalisePassport(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * Checks a passport number as typed (normalised first). Returns null when valid, otherwise the
 * i18n key of the error.
 */
export function checkPassport(raw: unknown, nationality?: string | null): PassportErrorKey | null {
  if (typeof raw !== 'string') return raw == null ? 'validation.required' : 'traveler.errors.passportInvalid';
  const passport = normalisePassport(raw);
  if (passport === '') return 'validation.required';
  if (!PASSPORT_PATTERN.test(passport)) return 'traveler.errors.passportInvalid';
  if (isVietnamese(nationality) && !VN_PASSPORT_PATTERN.test(passport))
    return 'traveler.errors.passportVnFormat';
  return null;
}

/**
 * True when the passport (normalised first) passes every rule for this nationality.
 * @internal Exported for its tests only (knip --production).
 */
export function isValidPassport(raw: string, nationality?: string | null): boolean {
  return checkPassport(raw, nationality) === null;
}

function isVietnamese(nationality: string | null | undefined): boolean {
  return typeof nationality === 'string' && nationality.trim().toUpperCase() === 'VN';
}
