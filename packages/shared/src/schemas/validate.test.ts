import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueField, issueToMessage, toFieldErrors, toFieldIssues, validateWith } from './validate.ts';

describe('validate helpers', () => {
  it('keeps the first error of each field', () => {
    const schema = z.object({
      a: z.string().min(3, 'validation.min_length').regex(/x/, 'validation.invalid_format'),
    });
    expect(toFieldErrors(schema.safeParse({ a: 'y' }).error?.issues ?? [])).toEqual({
      errors: { a: 'validation.min_length' },
      params: { a: { min: 3 } },
    });
  });

  it('falls back to generic keys for zod prose', () => {
    const issues =
      z.object({ a: z.string(), n: z.number().max(3) }).safeParse({ a: 1, n: 4 }).error?.issues ?? [];
    expect(toFieldErrors(issues).errors).toEqual({ a: 'validation.invalid_type', n: 'validation.max_value' });
  });

  it('names unknown keys and root issues', () => {
    const strict = z.strictObject({}, 'validation.unknown_field');
    const [unknownKey] = strict.safeParse({ extra: 1 }).error?.issues ?? [];
    expect(unknownKey && issueField(unknownKey)).toBe('extra');
    const [root] = z.string('validation.required').safeParse(undefined).error?.issues ?? [];
    expect(root && issueField(root)).toBe('_root');
    expect(root && toFieldIssues([root])).toEqual([{ code: 'validation.required' }]);
  });

  it('names each unknown key by its own path in the wire issues', () => {
    const strict = z.strictObject({ inner: z.strictObject({}, 'validation.unknown_field') });
    const issues = strict.safeParse({ inner: { a: 1, b: 2 } }).error?.issues ?? [];
    expect(toFieldIssues(issues)).toEqual([
      { field: 'inner.a', code: 'validation.unknown_field' },
      { field: 'inner.b', code: 'validation.unknown_field' },
    ]);
  });

  it('gives no params to keys without placeholders', () => {
    const [issue] = z.string().min(1, 'validation.required').safeParse('').error?.issues ?? [];
    expect(issue && issueToMessage(issue)).toEqual({ key: 'validation.required' });
  });

  it('validateWith returns the parsed value', () => {
    expect(validateWith(z.object({ a: z.number() }), { a: 1, b: 2 })).toEqual({ ok: true, value: { a: 1 } });
  });
});
