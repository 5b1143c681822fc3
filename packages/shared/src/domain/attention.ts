/**
 * The "needs attention" list: travellers an officer should look at now, computed from local data
 * (works offline) with the same rules wherever it is shown:
 * - overdue: in quarantine with a scheduled check-in day before today and no check-in for it;
 * - highRiskToday: a high-risk declaration made today, not decided yet (cleared, refused, referred);
 * - feverAtCheckIn: in quarantine and the latest check-in had a fever.
 */
import { isFever, overdueDays, type QuarantineState } from './quarantine.ts';

/** Statuses after the officer's decision on a declaration. */
const DECIDED = new Set(['cleared', 'rejected', 'referred']);

export const ATTENTION_REASONS = ['overdue', 'highRiskToday', 'feverAtCheckIn'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export interface AttentionTraveler extends QuarantineState {
  id: string;
  status: string;
}
export interface AttentionDeclaration {
  travelerId: string;
  riskLevel: string;
  /** Calendar day the declaration was made (device time zone). */
  date: string;
}
export interface AttentionCheckIn {
  travelerId: string;
  date: string;
  checkedAt: string;
  temperature: number;
}

export interface AttentionItem {
  travelerId: string;
  reasons: AttentionReason[];
  /** Overdue scheduled days (oldest first). */
  overdue: string[];
}

function groupBy<T>(items: Iterable<T>, key: (item: T) => string) {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

/** Travellers that need attention on `today`, most reasons first. */
export function needsAttention(
  travelers: Iterable<AttentionTraveler>,
  declarations: Iterable<AttentionDeclaration>,
  checkIns: Iterable<AttentionCheckIn>,
  today: string,
): AttentionItem[] {
  const highRisk = new Set<string>();
  for (const d of declarations) if (d.riskLevel === 'high' && d.date === today) highRisk.add(d.travelerId);
  const checks = groupBy(checkIns, (c) => c.travelerId);
  const items: AttentionItem[] = [];
  for (const t of travelers) {
    const reasons: AttentionReason[] = [];
    let overdue: string[] = [];
    if (t.status === 'quarantine') {
      const mine = checks.get(t.id) ?? [];
      overdue = overdueDays(
        t,
        mine.map((c) => c.date),
        today,
      );
      if (overdue.length > 0) reasons.push('overdue');
      const latest = mine.reduce<AttentionCheckIn | null>(
        // Times from the device carry its offset, the server's are UTC: compare instants.
        (a, c) => (a === null || Date.parse(c.checkedAt) > Date.parse(a.checkedAt) ? c : a),
        null,
      );
      if (latest && isFever(latest.temperature)) reasons.push('feverAtCheckIn');
    }
    // A decision ends the high-risk call: a cleared, refused or referred traveller leaves the list.
    if (highRisk.has(t.id) && !DECIDED.has(t.status)) reasons.push('highRiskToday');
    if (reasons.length > 0) items.push({ travelerId: t.id, reasons, overdue });
  }
  return items.sort((a, b) => b.reasons.length - a.reasons.length || b.overdue.length - a.overdue.length);
}
