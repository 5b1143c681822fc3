/**
 * Phone number rule (docs/spec.md §5): an optional +84, 84 or 0 prefix followed by 9-10 digits,
 * or 10-15 digits with an optional leading +. Spaces, dots, dashes and brackets are ignored.
 */

const VN_PHONE_PATTERN = /^(?:\+84|84|0)?\d{9,10}$/;
const INTERNATIONAL_PHONE_PATTERN = /^\+?\d{10,15}$/;

/** Removes spaces, dots, dashes and brackets. */
export function normalisePhone(raw: string): string {
  return raw.replace(/[\s.\-()]/g, '');
}

/** True when the phone number (normalised first) matches one of the two accepted forms. */
export function isValidPhone(raw: string): boolean {
  const phone = normalisePhone(raw);
  return VN_PHONE_PATTERN.test(phone) || INTERNATIONAL_PHONE_PATTERN.test(phone);
}
