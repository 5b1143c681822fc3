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

/** Why a passport needs a look at the counter (shown, never refused: the record is saved). */
export type PassportExpiryWarning = 'expired' | 'expires_during_stay';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic, no time-zone shift); null if not a day. */
function addDays(day: string, days: number): string | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

/**
 * The passport's expiry against today and the planned stay: 'expired' when it expired before
 * `today`, 'expires_during_stay' when it expires before the stay ends (the entry date plus the
 * stay's length in days; the entry date itself when no length is given), otherwise null. A
 * passport is valid through its expiry day. Form values (strings) and stored records alike;
 * missing or malformed dates give null. `today` is 'YYYY-MM-DD' on the device.
 */
export function passportExpiryWarning(
  traveler: {
    passportExpiry?: string | null;
    entryDate?: string | null;
    durationOfStay?: number | string | null;
  },
  today: string,
): PassportExpiryWarning | null {
  const expiry = traveler.passportExpiry?.trim() ?? '';
  if (!ISO_DAY.test(expiry)) return null;
  if (ISO_DAY.test(today) && expiry < today) return 'expired';
  const entry = traveler.entryDate?.trim() ?? '';
  if (!ISO_DAY.test(entry)) return null;
  const raw = traveler.durationOfStay;
  const text = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  const days = /^\d+$/.test(text) ? Number(text) : 0;
  const stayEnds = addDays(entry, days);
  return stayEnds !== null && expiry < stayEnds ? 'expires_during_stay' : null;
}
