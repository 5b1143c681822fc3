import { describe, expect, it } from 'vitest';
import { boundedText, hasUnstorableText, isoDate, isoDateTime, requiredText } from './common.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('isoDate', () => {
  it('refuses year 0000, which PostgreSQL cannot store', () => {
    for (const value of ['0000-01-01', '0000-02-29', '0000-12-31']) {
      expect(messages(isoDate().safeParse(value))).toEqual(['validation.invalid_date']);
    }
  });
  it('keeps accepting real dates from year 1 to 9999', () => {
    for (const value of ['0001-01-01', '1900-02-28', '2024-02-29', '9999-12-31']) {
      expect(isoDate().safeParse(value).success).toBe(true);
    }
  });
});

describe('isoDateTime', () => {
  it('refuses instants outside years 1-9999 in UTC and offsets beyond -12:00/+14:00', () => {
    for (const value of [
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-05:00',
      '2026-01-01T00:00:00+23:00',
      '2026-01-01T00:00:00-13:00',
    ]) {
      expect(messages(isoDateTime().safeParse(value)), value).toEqual(['validation.invalid_datetime']);
    }
  });
  it('keeps accepting ordinary date-times', () => {
    for (const value of [
      '2025-01-31T08:00:00.000Z',
      '2025-01-31T08:00:00+07:00',
      '2025-01-31T08:00:00-12:00',
      '2025-01-31T08:00:00+14:00',
      '0001-01-01T00:00:00Z',
    ]) {
      expect(isoDateTime().safeParse(value).success, value).toBe(true);
    }
  });
});

describe('text primitives', () => {
  it('refuse NUL and lone surrogates with validation.invalid_characters', () => {
    for (const value of ['a\u0000b', '\uD800', 'x\uDFFF', 'ab\uD83D']) {
      expect(hasUnstorableText(value)).toBe(true);
      expect(messages(requiredText(50).safeParse(value))).toEqual(['validation.invalid_characters']);
      expect(messages(boundedText(50).safeParse(value))).toEqual(['validation.invalid_characters']);
    }
  });
  it('accept emoji (surrogate pairs) and other text', () => {
    for (const value of ['😀', 'Nguyễn Văn A', '日本語', 'tab\there']) {
      expect(hasUnstorableText(value)).toBe(false);
      expect(requiredText(50).safeParse(value).success).toBe(true);
    }
  });
});
