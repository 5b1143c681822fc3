/**
 * Codes (docs/spec.md §5): 6-12 upper-case letters or digits; input is case-insensitive and is
 * normalised to upper case with spaces removed.
 */

export const CODE_PATTERN = /^[A-Z0-9]{6,12}$/;

/** Upper case with all whitespace removed. */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * True when the code, once normalised, is 6-12 letters or digits.
 * @internal Exported for its tests only (knip --production).
 */
export function isValidCode(raw: string): boolean {
  return CODE_PATTERN.test(normaliseCode(raw));
}
