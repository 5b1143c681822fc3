/**
 * A report period's calendar days as instants: local midnight of the first day up to (not
 * including) local midnight after the last day, in the post's time zone. Timestamps compare
 * against these, so an index on created_at serves the range (no per-row time zone maths).
 */
import { type DateRange, keptDateFormat, plusDays } from '@bh/shared';

export interface PeriodBounds {
  start: Date;
  end: Date;
}

const INSTANT_PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = keptDateFormat('instant', timeZone, INSTANT_PARTS).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const localDay = new Date(0).setUTCFullYear(part('year'), part('month') - 1, part('day'));
  return localDay + ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 - instant;
}

/** The instant of local midnight starting `date` in `timeZone`. */
function localMidnight(date: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - offsetAt(guess, timeZone);
  // Around a daylight-saving change the offset at the answer may differ from the guess's.
  return new Date(guess - offsetAt(first, timeZone));
}

/**
 * Timestamps (filing times) exist only between these days; outside them a period holds none, and
 * the time zone arithmetic would leave what Date, Intl and PostgreSQL share (years 1 to 9999).
 */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '8999-12-31';
const clamp = (date: string) => (date < FIRST_DAY ? FIRST_DAY : date > LAST_DAY ? LAST_DAY : date);

export function periodBounds(range: DateRange, timeZone: string): PeriodBounds {
  const start = localMidnight(clamp(range.from), timeZone);
  if (range.to < FIRST_DAY || range.from > LAST_DAY) return { start, end: start };
  return { start, end: localMidnight(plusDays(clamp(range.to), 1), timeZone) };
}
