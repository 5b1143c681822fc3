/**
 * Numbers as people type them: a decimal comma or a decimal point in every language ("37,8" and
 * "37.8" are the same temperature), full-width digits and signs from a Japanese keyboard read as
 * ASCII, surrounding spaces ignored. No thousands separators: "1,234" is one and a bit, never 1234.
 */

const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** The number a typed text holds; null when the text is blank or is not a number. */
export function parseDecimal(text: string): number | null {
  const plain = text
    .normalize('NFKC')
    .replace(/\u2212/g, '-')
    .trim();
  if (!DECIMAL.test(plain)) return null;
  return Number(plain.replace(',', '.'));
}

/**
 * A typed number as a schema's input: undefined when blank (the field's "required" message),
 * the number when it reads as one, otherwise the text as typed (the schema's "invalid" message).
 */
export function decimalInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  return parseDecimal(value) ?? value;
}
