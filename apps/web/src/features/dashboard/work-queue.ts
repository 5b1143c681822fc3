/**
 * The officer's work queue for today, from the device's own data (works offline): who waits
 * for a health declaration, which high-risk declarations still wait for a decision, and which
 * quarantined travellers have a check-in due today or overdue. A traveller leaves the queue once
 * the officer has decided (cleared, refused, referred): only open statuses are listed.
 */
import { addDays, DEFAULT_QUARANTINE_DAYS, overdueDays, type RiskLevel } from '@bh/shared';

export interface QueueTraveler {
  id: string;
  fullName: string;
  passportNo: string;
  status: string;
  entryDate: string;
  /** When it was registered: within a day the one registered last comes first. */
  createdAt: string;
  quarantineStart: string | null;
  quarantineDays: number | null;
}

export interface QueueRisk {
  level: RiskLevel;
  score: number;
}

export interface QueueRow {
  traveler: QueueTraveler;
  risk: QueueRisk | null;
  /** Check-ins: the overdue days (oldest first); empty when only today's is due. */
  overdue: string[];
}

export interface WorkQueue {
  /** Registered, no declaration yet (status pending), newest arrival first, then newest registered. */
  waiting: QueueRow[];
  /** A high-risk declaration and no decision yet (declared or tested), highest score first, then newest. */
  highRisk: QueueRow[];
  /** In quarantine with today's check-in still to do or earlier days missed, most overdue first. */
  checkIns: QueueRow[];
}

/** Statuses that still wait for the officer's decision on a declaration. */
const UNDECIDED = new Set(['declared', 'tested']);

/** True when `today` is one of the quarantine's scheduled days. */
function scheduledToday(t: QueueTraveler, today: string): boolean {
  if (!t.quarantineStart || t.quarantineStart > today) return false;
  return addDays(t.quarantineStart, (t.quarantineDays ?? DEFAULT_QUARANTINE_DAYS) - 1) >= today;
}

function newestFirst(a: QueueTraveler, b: QueueTraveler): number {
  if (a.entryDate !== b.entryDate) return a.entryDate < b.entryDate ? 1 : -1;
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

export function buildWorkQueue(
  travelers: Iterable<QueueTraveler>,
  risks: ReadonlyMap<string, QueueRisk>,
  checkedDates: ReadonlyMap<string, readonly string[]>,
  today: string,
): WorkQueue {
  const queue: WorkQueue = { waiting: [], highRisk: [], checkIns: [] };
  for (const traveler of travelers) {
    const risk = risks.get(traveler.id) ?? null;
    if (traveler.status === 'pending') queue.waiting.push({ traveler, risk, overdue: [] });
    else if (UNDECIDED.has(traveler.status) && risk?.level === 'high')
      queue.highRisk.push({ traveler, risk, overdue: [] });
    else if (traveler.status === 'quarantine') {
      const done = checkedDates.get(traveler.id) ?? [];
      const overdue = overdueDays(traveler, done, today);
      const dueToday = scheduledToday(traveler, today) && !done.includes(today);
      if (overdue.length > 0 || dueToday) queue.checkIns.push({ traveler, risk, overdue });
    }
  }
  queue.waiting.sort((a, b) => newestFirst(a.traveler, b.traveler));
  queue.highRisk.sort(
    (a, b) => (b.risk?.score ?? 0) - (a.risk?.score ?? 0) || newestFirst(a.traveler, b.traveler),
  );
  queue.checkIns.sort((a, b) => b.overdue.length - a.overdue.length);
  return queue;
}
