import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatRelativeTime,
  formatTemperature,
} from './format.ts';

describe('formatDate', () => {
  it('formats in vi-VN with 2-digit day and month', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(new Date(2026, 10, 9, 15, 0))).toBe('09/11/2026');
  });
  it("answers a dash (in every language) for empty and 'Invalid Date' for unparseable values", () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'ja')).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDateTime('nope')).toBe('Invalid Date');
  });
  it('formats a date-time with the day first', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 9, 7))).toMatch(/^(09:07 05\/03\/2026|05\/03\/2026,? 09:07)$/);
  });
});

describe('formatRelativeTime (Vietnamese by default)', () => {
  const now = Date.UTC(2026, 0, 1);
  const ago = (s: number) => now - s * 1000;
  it('covers just now, minutes, hours, days, 30-day months and 365-day years', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('Vừa xong');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 phút trước');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 giờ trước');
    expect(formatRelativeTime(ago(29 * 86400), now)).toBe('29 ngày trước');
    expect(formatRelativeTime(ago(30 * 86400), now)).toBe('1 tháng trước');
    expect(formatRelativeTime(ago(364 * 86400), now)).toBe('12 tháng trước');
    expect(formatRelativeTime(ago(365 * 86400), now)).toBe('1 năm trước');
    expect(formatRelativeTime(ago(800 * 86400), now)).toBe('2 năm trước');
  });
  it('treats a future time as just now and keeps the dash and Invalid Date', () => {
    expect(formatRelativeTime(now + 60_000, now)).toBe('Vừa xong');
    expect(formatRelativeTime(null, now)).toBe('—');
    expect(formatRelativeTime('garbage', now)).toBe('Invalid Date');
  });
  it('has English and Japanese with the same thresholds', () => {
    expect(formatRelativeTime(ago(60), now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * 3600), now, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime(ago(45 * 86400), now, 'ja')).toBe('1か月前');
  });
});

describe('formatDuration', () => {
  it('is compact', () => {
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatDuration(2 * 86400 + 3600)).toBe('2d 1h');
  });
});

describe('formatDecimal and formatTemperature', () => {
  it("use the language's decimal sign", () => {
    expect(formatTemperature(38.9, 'vi')).toBe('38,9 °C');
    expect(formatTemperature(38.9, 'en')).toBe('38.9 °C');
    expect(formatTemperature(38.9, 'ja')).toBe('38.9 °C');
    expect(formatDecimal(1.25, 2, 'vi')).toBe('1,25');
    expect(formatDecimal(36, 1, 'vi')).toBe('36');
    expect(formatDecimal(5, { min: 2, max: 2 }, 'vi')).toBe('5,00');
    expect(formatDecimal(5, { min: 2, max: 2 }, 'en')).toBe('5.00');
  });
  it('round to the decimals asked and never group thousands', () => {
    expect(formatDecimal(37.55, 1, 'en')).toMatch(/^37\.[56]$/);
    expect(formatDecimal(12345.5, 1, 'vi')).toBe('12345,5');
  });
  it('answer an empty string for a missing value', () => {
    expect(formatTemperature(null)).toBe('');
    expect(formatDecimal(undefined)).toBe('');
    expect(formatDecimal(Number.NaN)).toBe('');
  });
});
