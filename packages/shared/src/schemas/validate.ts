/**
 * Turning zod issues into i18n keys per field, for forms (web) and API/sync errors (server).
 */
import type { z } from 'zod';
import type { LocalizedText } from '../domain/constants.ts';
import type { MessageParams } from '../i18n/format.ts';
import { limitMessages } from '../i18n/validation-limit-messages.ts';
import type { FieldIssue } from './common.ts';

type Issue = z.core.$ZodIssue;

/** Field path ('contactHistory.notes') to i18n key; '_root' for the value as a whole. */
export type FieldErrors = Record<string, string>;
/** Interpolation values of the field errors that have placeholders ({{min}}, {{max}}). */
export type FieldErrorParams = Record<string, MessageParams>;

export type ValidationResult<T> =
  | { ok: true; value: T }
  | { ok: false; errors: FieldErrors; params: FieldErrorParams };

export const ROOT_FIELD = '_root';

/**
 * A schema's message is an i18n key (every one is catalogued: i18n/validation-messages.test.ts);
 * zod's own messages are prose, never shaped like a dotted key.
 */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
const limits: Readonly<Record<string, LocalizedText>> = limitMessages;

/** i18n key of one zod issue, with the values of its {{min}}/{{max}} placeholders if it has any. */
export function issueToMessage(issue: Issue): { key: string; params?: MessageParams } {
  const key = MESSAGE_KEY.test(issue.message) ? issue.message : fallbackKey(issue);
  const template = limits[key]?.en ?? '';
  if (issue.code === 'too_small' && template.includes('{{min}}'))
    return { key, params: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big' && template.includes('{{max}}'))
    return { key, params: { max: Number(issue.maximum) } };
  return { key };
}

/** The field an issue belongs to, as a dotted path. */
export function issueField(issue: Issue): string {
  if (issue.path.length > 0) return issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) return issue.keys[0];
  return ROOT_FIELD;
}

/** First error of each field, with interpolation values. */
export function toFieldErrors(issues: readonly Issue[]): { errors: FieldErrors; params: FieldErrorParams } {
  const errors: FieldErrors = {};
  const params: FieldErrorParams = {};
  for (const issue of issues) {
    const field = issueField(issue);
    if (field in errors) continue;
    const message = issueToMessage(issue);
    errors[field] = message.key;
    if (message.params) params[field] = message.params;
  }
  return { errors, params };
}

/** An unknown-keys issue as one issue per key, at the key's own path (it names the field). */
function eachUnknownKey(issue: Issue): Issue[] {
  if (issue.code !== 'unrecognized_keys' || issue.keys.length === 0) return [issue];
  return issue.keys.map((key) => ({ ...issue, path: [...issue.path, key] }));
}

/** Issues as the wire format of push results and API error details. */
export function toFieldIssues(issues: readonly Issue[]): FieldIssue[] {
  return issues.flatMap(eachUnknownKey).map((issue) => {
    const field = issueField(issue);
    const code = issueToMessage(issue).key;
    return field === ROOT_FIELD ? { code } : { field, code };
  });
}

/** Parses with a schema and returns either the value or the field errors. */
export function validateWith<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, ...toFieldErrors(result.error.issues) };
}

function fallbackKey(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return 'validation.invalid_type';
    case 'invalid_value':
      return 'validation.invalid_option';
    case 'unrecognized_keys':
      return 'validation.unknown_field';
    case 'invalid_format':
      return 'validation.invalid_format';
    case 'too_small':
      if (issue.origin === 'string') return 'validation.min_length';
      return issue.origin === 'number' ? 'validation.min_value' : 'validation.invalid';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.max_length';
      if (issue.origin === 'array') return 'validation.too_many_items';
      return issue.origin === 'number' ? 'validation.max_value' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}
