/**
 * fast-check arbitraries for the route fuzz test: JSON values shaped by a route's own JSON Schema
 * (taken from /api/openapi.json, so a new route or field is fuzzed without touching this file),
 * mixed with values known to hurt: NUL, lone surrogates, dates PostgreSQL cannot store, numbers
 * past its integer types, huge strings, prototype keys.
 */
import fc from 'fast-check';

/** A JSON Schema node as @fastify/swagger emits it (only the parts the generator reads). */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

/** Values that broke (or could break) a server at least once somewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\uD83D',
  '😀',
  'Nguyễn Văn A',
  '\u202Eevil',
  '0000-01-01',
  '0000-02-29',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '2023-02-29',
  '2026-13-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-12:00',
  '2026-01-01T00:00:00+23:59',
  '2026-01-01T24:00:00Z',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  '-9223372036854775809',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '\\u0000',
  '{}',
  '[]',
  '__proto__',
  'constructor',
  'a'.repeat(300),
  'é'.repeat(70_000),
];

export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
];

/** Strings of any UTF-16 code units, lone surrogates and NUL included. */
export const utf16String = (maxLength = 40) =>
  fc.string({ unit: fc.nat(0xffff).map((c) => String.fromCharCode(c)), maxLength });

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' with years 0000-9999 and months/days a little out of range. */
export const dateString = fc
  .tuple(fc.oneof(fc.nat(9999), fc.constantFrom(0, 1, 1970, 2026, 9999)), fc.nat(13), fc.nat(32))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

/** ISO date-times across the whole 4-digit range, with Z or any offset up to +-23:59. */
export const dateTimeString = fc
  .tuple(
    dateString,
    fc.nat(24),
    fc.nat(60),
    fc.oneof(
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), fc.nat(23), fc.nat(59)).map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`),
    ),
  )
  .map(([date, h, m, zone]) => `${date}T${pad(h, 2)}:${pad(m, 2)}:00.000${zone}`);

export const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), utf16String(), dateString, dateTimeString);

/** Any JSON-ish value, nasty leaves included, at most `depth` levels deep. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.constantFrom<unknown>(...NASTY_NUMBERS, null, true, false),
    fc.integer(),
    fc.double(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'a\u0000')), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

function patternString(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 12 });
  }
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date') return dateString;
  if (s.format === 'date-time') return dateTimeString;
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) return patternString(s.pattern);
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 60) });
}

function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? -1e6;
  const max = s.maximum ?? 1e6;
  if (integer) return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  return fc.double({ min, max, noNaN: true });
}

/**
 * A value for `schema`: mostly one that looks valid (so requests get past the schema and reach
 * the database), sometimes a nasty one of any type.
 */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const nasty = depth > 3 ? fc.constant(null) : anyValue;
  if (!schema) return nasty;
  const fitting = fittingValue(schema, depth);
  return fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: nasty, weight: 1 });
}

function fittingValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => fittingValue(v, depth)));
  if (schema.allOf && schema.allOf.length > 0) return fittingValue(schema.allOf[0] ?? {}, depth);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyValue;
  }
}

/** An object with most of the declared properties (required ones more often) and a stray key now and then. */
export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entries = props.map(([key, child]) =>
    fc
      .tuple(fc.nat(9), valueFor(child, depth + 1))
      .map(([roll, value]) => (roll < (required.has(key) ? 9 : 6) ? ([key, value] as const) : null)),
  );
  const stray = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'a\u0000'), anyValue), {
    freq: 8,
  });
  return fc.tuple(fc.tuple(...entries), stray).map(([picked, extra]) => {
    const out: Record<string, unknown> = {};
    for (const entry of picked) if (entry) out[entry[0]] = entry[1];
    if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true });
    return out;
  });
}
