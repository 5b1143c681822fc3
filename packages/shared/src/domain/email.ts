/**
 * E-mail rule: something@domain.tld, no whitespace anywhere, at most 254 characters.
 * Deliberately simple: the only real check of an address is a mail that arrives.
 */
import { EMAIL_MAX_LENGTH } from './constants.ts';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** True when the value looks like an e-mail address. */
export function isValidEmail(raw: string): boolean {
  return raw.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(raw);
}

/**
 * Trimmed and lower-cased, the form in which e-mail addresses are stored and compared.
 * @internal Exported for its tests only (knip --production).
 */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
