/**
 * The one format per kind of value: a date (2-digit day and month, numeric year), a date-time
 * (the date with a 24-hour time) and a relative time, all in the app's language (vi-VN style
 * by default; i18n/index.ts keeps `setFormatLocale` in step with the language). A dash for an
 * empty value (no English 'N/A' in Vietnamese or Japanese screens), 'Invalid Date' for an unparseable one. Relative times use 30-day months and
 * 365-day years with the same thresholds in every language. Decimals use the language's decimal
 * sign (formatDecimal, formatTemperature).
 */
import type { Locale } from '@bh/shared';
import { intlTag } from './intl-tag.ts';

let appLocale: Locale = 'vi';

/** Called when the app's language changes: the default of every formatter here. */
export function setFormatLocale(locale: Locale) {
  appLocale = locale;
}

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', hour12: false };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlTag(locale), withTime ? DATE_TIME : DATE);
    formatters.set(key, f);
  }
  return f;
}

const EMPTY_DATE = '—';
const INVALID_DATE = 'Invalid Date';

type DateInput = string | number | Date | null | undefined;

/** Parses a date value; 'YYYY-MM-DD' is read as a local calendar day (no time-zone shift). */
function toDate(value: DateInput): Date | null | 'empty' {
  if (value === null || value === undefined || value === '') return 'empty';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 05/03/2026 in vi (2-digit day and month), 05/03/2026 in en, 2026/03/05 in ja. */
export function formatDate(value: DateInput, locale: Locale = appLocale): string {
  const d = toDate(value);
  if (d === 'empty') return EMPTY_DATE;
  if (!d) return INVALID_DATE;
  return formatter(locale, false).format(d);
}

/** 14:05 05/03/2026 in vi: the date with a 24-hour time, in the language's order. */
export function formatDateTime(value: DateInput, locale: Locale = appLocale): string {
  const d = toDate(value);
  if (d === 'empty') return EMPTY_DATE;
  if (!d) return INVALID_DATE;
  return formatter(locale, true).format(d);
}

const decimalFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A number with the language's decimal sign (38,9 in vi, 38.9 in en and ja), no grouping (a
 * temperature or a size, never read back wrongly). `digits`: at most that many decimals, or
 * `{ min, max }` (5,00 with { min: 2, max: 2 }). An empty string for a missing or non-finite value.
 */
export function formatDecimal(
  value: number | null | undefined,
  digits: number | { min: number; max: number } = 2,
  locale: Locale = appLocale,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const { min, max } = typeof digits === 'number' ? { min: 0, max: digits } : digits;
  const key = `${locale}:${min}:${max}`;
  let f = decimalFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlTag(locale), {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: false,
    });
    decimalFormatters.set(key, f);
  }
  return f.format(value);
}

/** A body temperature: "38,9 °C" in vi, "38.9 °C" in en (one decimal at most). */
export function formatTemperature(value: number | null | undefined, locale: Locale = appLocale): string {
  const n = formatDecimal(value, 1, locale);
  return n === '' ? '' : `${n} °C`;
}

type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year';
const UNITS: Record<Locale, { justNow: string } & Record<Unit, (n: number) => string>> = {
  vi: {
    justNow: 'Vừa xong',
    minute: (n) => `${n} phút trước`,
    hour: (n) => `${n} giờ trước`,
    day: (n) => `${n} ngày trước`,
    month: (n) => `${n} tháng trước`,
    year: (n) => `${n} năm trước`,
  },
  en: {
    justNow: 'Just now',
    minute: (n) => `${n} minute${n === 1 ? '' : 's'} ago`,
    hour: (n) => `${n} hour${n === 1 ? '' : 's'} ago`,
    day: (n) => `${n} day${n === 1 ? '' : 's'} ago`,
    month: (n) => `${n} month${n === 1 ? '' : 's'} ago`,
    year: (n) => `${n} year${n === 1 ? '' : 's'} ago`,
  },
  ja: {
    justNow: 'たった今',
    minute: (n) => `${n}分前`,
    hour: (n) => `${n}時間前`,
    day: (n) => `${n}日前`,
    month: (n) => `${n}か月前`,
    year: (n) => `${n}年前`,
  },
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** "Vừa xong", "5 phút trước", ... A future time counts as just now. */
export function formatRelativeTime(
  value: DateInput,
  now: number = Date.now(),
  locale: Locale = appLocale,
): string {
  const d = toDate(value);
  if (d === 'empty') return EMPTY_DATE;
  if (!d) return INVALID_DATE;
  const texts = UNITS[locale] ?? UNITS.vi;
  const seconds = Math.floor((now - d.getTime()) / 1000);
  if (seconds < MINUTE) return texts.justNow;
  if (seconds < HOUR) return texts.minute(Math.floor(seconds / MINUTE));
  if (seconds < DAY) return texts.hour(Math.floor(seconds / HOUR));
  if (seconds < MONTH) return texts.day(Math.floor(seconds / DAY));
  if (seconds < YEAR) return texts.month(Math.floor(seconds / MONTH));
  return texts.year(Math.floor(seconds / YEAR));
}

/** Uptime in seconds as "3 d 4 h", "2 h 5 min" or "12 min" (compact, language-neutral units). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const d = Math.floor(s / DAY);
  const h = Math.floor((s % DAY) / HOUR);
  const m = Math.floor((s % HOUR) / MINUTE);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m`;
}
