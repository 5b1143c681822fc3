/**
 * Report periods as calendar dates of the post ('YYYY-MM-DD', inclusive at both ends): a day,
 * an ISO 8601 week ('2026-W05', Monday to Sunday, week 1 holds the year's first Thursday), a
 * month ('2026-02') or a custom range of at most REPORT_MAX_DAYS days. Pure date arithmetic on
 * UTC midnights, so the device's own time zone never shifts a day.
 */

/** Longest custom report range, in days (both ends counted). */
export const REPORT_MAX_DAYS = 366;

export const REPORT_KINDS = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
/** Weeks and months from this year on (Date.UTC reads years 0-99 as 1900-1999). */
const MIN_YEAR = 1000;
const WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The date `days` after (or before, when negative) `date`. */
export function plusDays(date: string, days: number): string {
  return toDate(toTime(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both counted (0 when reversed). */
export function daysInRange({ from, to }: DateRange): number {
  return Math.max(0, Math.round((toTime(to) - toTime(from)) / DAY_MS) + 1);
}

/** Every date of the range, in order. */
export function eachDay(range: DateRange): string[] {
  return Array.from({ length: daysInRange(range) }, (_, i) => plusDays(range.from, i));
}

/** Monday of ISO week 1 of `year`. */
function isoWeekOneMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return jan4 - weekday * DAY_MS;
}

/** Number of ISO weeks of `year` (52 or 53). */
function isoWeeksIn(year: number): number {
  return Math.round((isoWeekOneMonday(year + 1) - isoWeekOneMonday(year)) / (7 * DAY_MS));
}

/** The days of ISO week 'YYYY-Www', or null when there is no such week. */
export function weekRange(week: string): DateRange | null {
  const m = WEEK.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const n = Number(m[2]);
  if (year < MIN_YEAR || n < 1 || n > isoWeeksIn(year)) return null;
  const monday = isoWeekOneMonday(year) + (n - 1) * 7 * DAY_MS;
  return { from: toDate(monday), to: toDate(monday + 6 * DAY_MS) };
}

/** The ISO week 'YYYY-Www' a date falls in. */
export function isoWeekOf(date: string): string {
  const time = toTime(date);
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  const thursday = time + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const n = Math.floor((thursday - isoWeekOneMonday(year)) / (7 * DAY_MS)) + 1;
  return `${String(year).padStart(4, '0')}-W${String(n).padStart(2, '0')}`;
}

/** The days of month 'YYYY-MM', or null when it is not one. */
export function monthRange(month: string): DateRange | null {
  const m = MONTH.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  if (year < MIN_YEAR || index < 0 || index > 11) return null;
  return { from: toDate(Date.UTC(year, index, 1)), to: toDate(Date.UTC(year, index + 1, 1) - DAY_MS) };
}

/**
 * A kept Intl.DateTimeFormat for `timeZone` with `options` (named by `kind`): making one costs far
 * more than using one (the reports' offsets made one per call: most of a report's own CPU under
 * the cluster load). A few zones in practice (the posts'); never more than 64 kept.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
export function keptDateFormat(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${kind}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    if (formats.size >= 64) formats.clear();
    formats.set(key, format);
  }
  return format;
}

const DAY_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  calendar: 'gregory',
  numberingSystem: 'latn',
};

/**
 * Today's date in `timeZone` (an IANA name such as 'Asia/Ho_Chi_Minh'), as YYYY-MM-DD. Built from
 * the formatter's parts: a locale's formatted output is not data (WebKit's ICU formats 'en-CA'
 * as 11/27/2026, not 2026-11-27).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = keptDateFormat('day', timeZone, DAY_PARTS).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
