/**
 * fast-check arbitraries for the route fuzz test: JSON values shaped by a route's own JSON Schema
 * (taken from /api/openapi.json, so a new route or field is fuzzed without touching this file),
 * mixed with values known to hurt: NUL, lone surrogates, dates PostgreSQL cannot store, numbers
 * past its integer types, huge strings, prototype keys.
 */
import fc from 'fast-check';
import type { Schema } from './conformance-values.ts';

/** A JSON Schema node as @fastify/swagger emits it (the one the conformance test reads). */
export type JsonSchema = Schema;

/** Values that broke (or could break) a server at least once somewhere. */
const NASTY_STRINGS = [
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
  'é'.repeat(2_000),
];

const NASTY_NUMBERS = [
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
const dateString = fc
  .tuple(fc.oneof(fc.nat(9999), fc.constantFrom(0, 1, 1970, 2026, 9999)), fc.nat(13), fc.nat(32))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

/** ISO date-times across the whole 4-digit range, with Z or any offset up to +-23:59. */
const dateTimeString = fc
  .tuple(
    dateString,
    fc.nat(24),
    fc.nat(60),
    fc.oneof(
      fc.constant('Z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.nat(23), fc.nat(59))
        .map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`),
    ),
  )
  .map(([date, h, m, zone]) => `${date}T${pad(h, 2)}:${pad(m, 2)}:00.000${zone}`);

export const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  utf16String(),
  dateString,
  dateTimeString,
);

/** Any JSON-ish value, nasty leaves included, at most `depth` levels deep. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.constantFrom<unknown>(...NASTY_NUMBERS, null, true, false),
    fc.integer(),
    fc.double(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'a\u0000')),
      tie('value'),
      {
        maxKeys: 3,
      },
    ),
  ),
})).value;

const byPattern = new Map<string, fc.Arbitrary<string>>();

function patternString(pattern: string): fc.Arbitrary<string> {
  let found = byPattern.get(pattern);
  if (!found) {
    try {
      found = fc.stringMatching(new RegExp(pattern));
    } catch {
      found = fc.string({ maxLength: 12 });
    }
    byPattern.set(pattern, found);
  }
  return found;
}

/** Calendar dates a client would really send (1900-2100). */
const plausibleDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function validString(s: JsonSchema, clean: boolean): fc.Arbitrary<string> {
  const edge = (plausible: fc.Arbitrary<string>, any: fc.Arbitrary<string>) =>
    clean ? fc.oneof({ arbitrary: plausible, weight: 4 }, any) : any;
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date')
    return edge(
      plausibleDate.map((d) => d.slice(0, 10)),
      dateString,
    );
  if (s.format === 'date-time') return edge(plausibleDate, dateTimeString);
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) return patternString(s.pattern);
  const maxLength = Math.min(s.maxLength ?? 30, 60);
  const text = fc.string({ minLength: s.minLength ?? 0, maxLength });
  return clean ? fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/).map((t) => t.slice(0, maxLength)) : text;
}

function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? -1e6;
  const max = s.maximum ?? 1e6;
  // The schema's own bounds are edges worth a try (a column type may be narrower).
  const edges = fc.constantFrom(min, max);
  if (integer) {
    const inner = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    return fc.oneof({ arbitrary: inner, weight: 5 }, edges);
  }
  return fc.oneof({ arbitrary: fc.double({ min, max, noNaN: true }), weight: 5 }, edges);
}

/** A nasty value of any type. */
const nastyValue = anyValue;

/**
 * A value for `schema`: mostly one that looks valid (so requests get past the schema and reach
 * the database), sometimes a nasty one of any type.
 */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const nasty = depth > 3 ? fc.constant(null) : nastyValue;
  if (!schema) return nasty;
  const fitting = fittingValue(schema, depth, false);
  return fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: nasty, weight: 1 });
}

function fittingValue(schema: JsonSchema, depth: number, clean: boolean): fc.Arbitrary<unknown> {
  const child = (c: JsonSchema | undefined) =>
    clean ? fittingValue(c ?? {}, depth + 1, true) : valueFor(c, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => fittingValue(v, depth, clean)));
  if (schema.allOf && schema.allOf.length > 0) return fittingValue(schema.allOf[0] ?? {}, depth, clean);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, clean);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(child(schema.items), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return clean ? cleanObject(schema, depth) : objectFor(schema, depth);
    default:
      return clean ? fc.constant(null) : anyValue;
  }
}

/** An object that follows its schema: the required properties and about half of the others. */
function cleanObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([key, child]) =>
    fc
      .tuple(fc.boolean(), fittingValue(child, depth + 1, true))
      .map(([keep, value]) => (keep || required.has(key) ? ([key, value] as const) : null)),
  );
  return fc.tuple(...entries).map((picked) => {
    const out: Record<string, unknown> = {};
    for (const entry of picked) if (entry) out[entry[0]] = entry[1];
    return out;
  });
}

/**
 * A body for `schema`: a valid-looking one (reaches the handler and the database), the same
 * with one field made nasty (the edge the handler must refuse cleanly), or a noisy one.
 */
export function bodyFor(schema: JsonSchema, samples: Record<string, unknown>[] = []): fc.Arbitrary<unknown> {
  const fromSchema = cleanObject(schema, 0);
  const clean =
    samples.length === 0
      ? fromSchema
      : fc.oneof(fromSchema, {
          arbitrary: fc.oneof(...samples.map((s) => fromSample(schema, s))),
          weight: 3,
        });
  const keys = Object.keys(schema.properties ?? {});
  const oneBad =
    keys.length === 0
      ? clean
      : fc
          .tuple(clean, fc.constantFrom(...keys), fc.oneof(nastyValue, fc.constantFrom(...NASTY_STRINGS)))
          .map(([body, key, bad]) => ({ ...body, [key]: bad }));
  return fc.oneof(
    { arbitrary: clean, weight: 3 },
    { arbitrary: oneBad, weight: 3 },
    { arbitrary: objectFor(schema), weight: 2 },
  );
}

/** Fresh values for keys that must be unique per request (ids, e-mails). */
const UNIQUE: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.uuid(),
  clientId: fc.uuid(),
  email: fc.uuid().map((u) => `fuzz-${u.slice(0, 8)}@test.vn`),
};

/** A known-valid sample body with a field or two swapped for other schema-fitting values. */
function fromSample(
  schema: JsonSchema,
  sample: Record<string, unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(sample).map(([key, value]) => {
    const keep = UNIQUE[key] ?? fc.constant(value);
    const other = fittingValue(schema.properties?.[key] ?? {}, 1, true);
    return fc.oneof({ arbitrary: keep, weight: 6 }, other).map((v) => [key, v] as const);
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

/** An object with most of the declared properties (required ones more often) and a stray key now and then. */
function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entries = props.map(([key, child]) =>
    fc
      .tuple(fc.nat(9), valueFor(child, depth + 1))
      .map(([roll, value]) => (roll < (required.has(key) ? 9 : 6) ? ([key, value] as const) : null)),
  );
  const stray = fc.option(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'a\u0000'), anyValue),
    {
      freq: 8,
    },
  );
  return fc.tuple(fc.tuple(...entries), stray).map(([picked, extra]) => {
    const out: Record<string, unknown> = {};
    for (const entry of picked) if (entry) out[entry[0]] = entry[1];
    if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true });
    return out;
  });
}
