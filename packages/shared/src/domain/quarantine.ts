/**
 * Quarantine follow-up rules shared by the app (needs-attention list, check-in form) and the
 * server (schedule on entering quarantine, report figures): the schedule is one check-in a day
 * for `days` days from the day quarantine started; a day before today without a check-in is
 * overdue; a temperature above the fever threshold is a fever (as in the risk score).
 */
import { FEVER_THRESHOLD } from './constants.ts';

/** Length of a quarantine when the system setting is missing, in days. */
export const DEFAULT_QUARANTINE_DAYS = 14;
/** Bounds of the quarantine length setting, in days. */
export const QUARANTINE_DAYS_MIN = 1;
export const QUARANTINE_DAYS_MAX = 60;

const DAY_MS = 86_400_000;

/** The calendar day `n` days after an ISO date (YYYY-MM-DD), in UTC arithmetic (no DST shifts). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The scheduled check-in days of a quarantine that started on `start` and lasts `days` days. */
export function quarantineSchedule(start: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(start, i));
}

export interface QuarantineState {
  quarantineStart?: string | null;
  quarantineDays?: number | null;
}

/**
 * The scheduled days before `today` that have no check-in (overdue), for a traveller in quarantine.
 * `checkedDates` are the `date`s of the traveller's live check-ins.
 */
export function overdueDays(
  traveler: QuarantineState,
  checkedDates: Iterable<string>,
  today: string,
): string[] {
  if (!traveler.quarantineStart) return [];
  const done = new Set(checkedDates);
  const days = traveler.quarantineDays ?? DEFAULT_QUARANTINE_DAYS;
  return quarantineSchedule(traveler.quarantineStart, days).filter((d) => d < today && !done.has(d));
}

/** True for a temperature that counts as a fever at a check-in. */
export function isFever(temperature: number): boolean {
  return temperature > FEVER_THRESHOLD;
}

/** The calendar day (YYYY-MM-DD) of a moment in the device's own time zone. */
export function localDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
