/**
 * A report period's calendar days as instants: local midnight of the first day up to (not
 * including) local midnight after the last day, in the post's time zone. Timestamps compare
 * against these, so an index on created_at serves the range (no per-row time zone maths).
 */
import { type DateRange, plusDays } from '@bh/shared';

export interface PeriodBounds {
  start: Date;
  end: Date;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - instant;
}

/** The instant of local midnight starting `date` in `timeZone`. */
function localMidnight(date: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - offsetAt(guess, timeZone);
  // Around a daylight-saving change the offset at the answer may differ from the guess's.
  return new Date(guess - offsetAt(first, timeZone));
}

export function periodBounds(range: DateRange, timeZone: string): PeriodBounds {
  return { start: localMidnight(range.from, timeZone), end: localMidnight(plusDays(range.to, 1), timeZone) };
}
