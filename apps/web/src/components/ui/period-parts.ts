/**
 * The pieces of the week and month pickers, as plain functions: ISO weeks ('YYYY-Www') and
 * months ('YYYY-MM') split into a year and a part, the choices of each, and their labels in the
 * app's language through Intl (month names, day/month of a week's Monday and Sunday).
 */
import { weekRange } from '@bh/shared';

export interface YearPart {
  year: number | null;
  part: number | null;
}

export interface PartChoice {
  value: number;
  label: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 'YYYY-Www' to its year and week number (nulls when the value is empty or not a week). */
export function splitWeek(value: string): YearPart {
  const m = /^(\d{4})-W(\d{2})$/.exec(value);
  return m ? { year: Number(m[1]), part: Number(m[2]) } : { year: null, part: null };
}

/** 'YYYY-MM' to its year and month (1-12), nulls when it is not one. */
export function splitMonth(value: string): YearPart {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return m ? { year: Number(m[1]), part: Number(m[2]) } : { year: null, part: null };
}

/** ISO weeks in `year`: 53 when week 53 exists, else 52. */
export const weeksIn = (year: number): number => (weekRange(`${pad(year, 4)}-W53`) ? 53 : 52);

/** The week value of a year and week number, the number kept within that year's weeks. */
export const joinWeek = (year: number, week: number): string =>
  `${pad(year, 4)}-W${pad(Math.min(Math.max(week, 1), weeksIn(year)), 2)}`;

export const joinMonth = (year: number, month: number): string => `${pad(year, 4)}-${pad(month, 2)}`;

/** Years offered: ten back and one ahead of this year, and the selected one wherever it is. */
export function yearChoices(selected: number | null, thisYear: number): number[] {
  const from = Math.min(thisYear - 10, selected ?? thisYear);
  const to = Math.max(thisYear + 1, selected ?? thisYear);
  return Array.from({ length: to - from + 1 }, (_, i) => to - i);
}

/** The twelve month names ('tháng 1', 'January', '1月') in the language of `tag`. */
export function monthChoices(tag: string): PartChoice[] {
  const format = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: format.format(Date.UTC(2000, i, 1)) }));
}

/**
 * The app's date format (2-digit day and month, numeric year) without its year: 29/12 in vi and
 * en, 12/29 in ja (Intl's own day-month pattern differs, e.g. 29-12 in vi).
 */
function dayAndMonth(tag: string, time: number): string {
  const parts = new Intl.DateTimeFormat(tag, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(time);
  const at = parts.findIndex((p) => p.type === 'year');
  // Drop the year and the separator between it and the rest.
  const drop = at === 0 ? [0, 1] : [at - 1, at];
  return parts
    .filter((_, i) => !drop.includes(i))
    .map((p) => p.value)
    .join('');
}

/** The weeks of `year`, each labelled by `label(n, monday, sunday)` with days as day/month. */
export function weekChoices(
  year: number,
  tag: string,
  label: (n: number, from: string, to: string) => string,
): PartChoice[] {
  const day = (iso: string) => dayAndMonth(tag, Date.parse(`${iso}T00:00:00Z`));
  return Array.from({ length: weeksIn(year) }, (_, i) => {
    const range = weekRange(joinWeek(year, i + 1));
    return { value: i + 1, label: range ? label(i + 1, day(range.from), day(range.to)) : String(i + 1) };
  });
}

/** True when the language writes the year before the month (ja: 2026年11月). */
export function yearFirst(tag: string): boolean {
  const types = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long' })
    .formatToParts(new Date(2000, 0, 1))
    .map((p) => p.type);
  return types.indexOf('year') < types.indexOf('month');
}
