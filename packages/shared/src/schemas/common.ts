/**
 * Building blocks of the schemas. Every check carries an i18n key of `validationMessages` as its
 * message, so no zod prose ever reaches a user (see i18n/validation-messages.ts).
 */
import { z } from 'zod';
import { stripNameControls, stripTextControls } from '../domain/text.ts';
import type { ValidationMessageKey } from '../i18n/validation-messages.ts';

type Key = ValidationMessageKey;

/**
 * zod error option: a missing value (undefined or null) reports `requiredKey`, anything else
 * (wrong type, bad format) reports `invalidKey`.
 */
export function keyed(requiredKey: Key = 'validation.required', invalidKey: Key = 'validation.invalid_type') {
  return { error: (issue: { input?: unknown }) => (issue.input == null ? requiredKey : invalidKey) };
}

const notBlank = (value: string) => value.trim().length > 0;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` has a NUL or a lone UTF-16 surrogate: PostgreSQL refuses both in text, and a
 * lone surrogate is not Unicode at all, so such text is refused at the edge.
 */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

const storable = (value: string) => !hasUnstorableText(value);

/**
 * Required one-line text: control and bidi-override characters stripped (domain/text.ts), then
 * not empty, not only whitespace, at most `max` characters, storable.
 */
export function requiredText(max: number, requiredKey: Key = 'validation.required') {
  return z
    .string(keyed(requiredKey))
    .overwrite(stripNameControls)
    .min(1, { error: requiredKey, abort: true })
    .max(max, 'validation.max_length')
    .refine(storable, { error: 'validation.invalid_characters', abort: true })
    .refine(notBlank, requiredKey);
}

/**
 * Multi-line text without control or bidi-override characters (tab and line feed stay), at most
 * `max` characters, storable (wrap with nullable/optional for optional fields).
 */
export function boundedText(max: number) {
  return z
    .string(keyed())
    .overwrite(stripTextControls)
    .max(max, 'validation.max_length')
    .refine(storable, 'validation.invalid_characters');
}

/**
 * Years a date may have: PostgreSQL has no year 0 (0000-01-01 fails to store), and years past
 * 9999 do not round-trip through ISO 8601 strings ('+010000-...').
 */
const MIN_TIME = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME = Date.parse('9999-12-31T23:59:59.999Z');
/** Offsets in use on Earth (UTC-12:00 to UTC+14:00); PostgreSQL refuses some larger ones. */
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

const storableDate = (value: string) => !value.startsWith('0000');

function storableDateTime(value: string) {
  const offset = OFFSET.exec(value);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3]);
    if (minutes > (offset[1] === '+' ? 14 * 60 : 12 * 60)) return false;
  }
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= MIN_TIME && time <= MAX_TIME;
}

/**
 * Calendar date 'YYYY-MM-DD' (real dates only: 2023-02-29 and year 0000 are refused). A value
 * that is not a date stops here: checks added after it (bounds) judge real dates only.
 */
export function isoDate(requiredKey: Key = 'validation.required') {
  return z.iso
    .date({ ...keyed(requiredKey, 'validation.invalid_date'), abort: true })
    .refine(storableDate, 'validation.invalid_date');
}

/**
 * ISO 8601 date-time with Z or an offset, e.g. 2025-01-31T08:00:00.000Z, between years 1 and
 * 9999 in UTC and with an offset between -12:00 and +14:00.
 */
export function isoDateTime() {
  return z.iso
    .datetime({ offset: true, ...keyed('validation.required', 'validation.invalid_datetime') })
    .refine(storableDateTime, 'validation.invalid_datetime');
}

/** UUID (made on the device for synced records). */
export function uuid(requiredKey: Key = 'validation.required') {
  return z.uuid(keyed(requiredKey, 'validation.invalid_id'));
}

/** One of a closed set of values. */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  requiredKey: Key = 'validation.required',
) {
  return z.enum(values, keyed(requiredKey, 'validation.invalid_option'));
}

/** Boolean flag. */
export function flag() {
  return z.boolean(keyed());
}

/** Integer between min and max (inclusive). */
export function intBetween(min: number, max: number, requiredKey: Key = 'validation.required') {
  return z
    .number(keyed(requiredKey))
    .int('validation.integer')
    .min(min, 'validation.min_value')
    .max(max, 'validation.max_value');
}

/** Two-letter upper-case country code. */
export function countryCode(requiredKey: Key = 'validation.required') {
  return z
    .string(keyed(requiredKey, 'traveler.errors.nationalityInvalid'))
    .regex(/^[A-Z]{2}$/, 'traveler.errors.nationalityInvalid');
}

/** zod error option of object schemas: unknown keys, missing object, wrong type. */
export function objectError() {
  return {
    error: (issue: { code?: string; input?: unknown }) => {
      if (issue.code === 'unrecognized_keys') return 'validation.unknown_field';
      return issue.input == null ? 'validation.required' : 'validation.invalid_type';
    },
  };
}

/** Largest value of a PostgreSQL `integer` column (record versions are stored as one). */
export const PG_INTEGER_MAX = 2_147_483_647;

/** Record version: integer >= 1, bumped by the server on every write, at most PG_INTEGER_MAX. */
export const versionSchema = z
  .number(keyed())
  .int('validation.integer')
  .min(1, 'validation.min_value')
  .max(PG_INTEGER_MAX, 'validation.max_value');

/** Fields every synced record carries: version, creation and change times, tombstone. */
const syncedRecordMetaShape = {
  version: versionSchema,
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  deletedAt: isoDateTime().nullable(),
};

/** A synced record as stored and sent: its own fields and the sync metadata (unknown keys dropped). */
export function syncedRecord<T extends z.core.$ZodLooseShape>(shape: T) {
  return plainShape({ ...shape, ...syncedRecordMetaShape });
}

/**
 * A field-level problem as sent over the wire: the field path ('a.b'), the i18n key and, when
 * its text has placeholders, their values (e.g. {{line}} of a CSV syntax error).
 */
export const fieldIssueSchema = z.object(
  {
    field: z.string(keyed()).optional(),
    code: z.string(keyed()),
    params: z.record(z.string(keyed()), z.union([z.string(keyed()), z.number(keyed())])).optional(),
  },
  objectError(),
);
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * Refinement option that runs an object-level check only when the listed fields (and the object
 * itself) parsed without issues, so that e.g. "passwords do not match" also shows next to
 * unrelated field errors but never on garbage input.
 */
export function whenValid(...fields: readonly string[]) {
  return {
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      !payload.issues.some((issue) => {
        const first = issue.path?.[0];
        return first === undefined || fields.includes(String(first));
      }),
  };
}

/** Object that refuses unknown keys (API and sync inputs). */
export function strictShape<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, objectError());
}

/** Object that drops unknown keys (records read back from the server or the device). */
export function plainShape<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, objectError());
}

/** Makes every field of a shape nullable and optional (writable optional fields). */
export function nullishShape<T extends Record<string, z.ZodType>>(
  shape: T,
): { [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, schema.nullable().optional()]),
  ) as {
    [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>;
  };
}

/** Makes every field of a shape nullable but present (stored records). */
export function nullableShape<T extends Record<string, z.ZodType>>(
  shape: T,
): { [K in keyof T]: z.ZodNullable<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.nullable()])) as {
    [K in keyof T]: z.ZodNullable<T[K]>;
  };
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
