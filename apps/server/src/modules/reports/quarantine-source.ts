/**
 * Where the report's quarantine figures come from: the ONE place to change when the traveller
 * timeline (traveller_events with status changes) and the quarantine check-ins land.
 *
 * Today the server keeps only each traveller's current status (the audit trail of a traveller
 * write does not record the status it set), so the figures are read from it:
 * - active: travellers whose status is 'quarantine' now;
 * - started: travellers now in quarantine (or referred on from it) whose record last changed in
 *   the period;
 * - referred: travellers whose status is 'referred' and whose record last changed in the period;
 * - released: 0 (a cleared traveller does not show whether quarantine came before);
 * - overdue: 0 (there are no check-ins yet).
 * With status-change events, started/released/referred become counts of events in the period
 * (to = 'quarantine'; from 'quarantine' to 'cleared'; to 'referred') and overdue the scheduled
 * check-ins past due without a check-in (docs/decisions/008-report-queries.md).
 */
import type { Report } from '@bh/shared';
import { and, count, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { travelers } from '../../db/schema.ts';
import type { PeriodBounds } from './period-bounds.ts';

export async function quarantineFigures(db: Db, bounds: PeriodBounds): Promise<Report['quarantine']> {
  // Three counts, each answered from travelers_status_updated_idx alone (migration 0010).
  const live = isNull(travelers.deletedAt);
  const changedInPeriod = and(gte(travelers.updatedAt, bounds.start), lt(travelers.updatedAt, bounds.end));
  const countWhere = async (where: SQL | undefined) =>
    (await db.select({ n: count() }).from(travelers).where(where))[0]?.n ?? 0;
  const [active, started, referred] = await Promise.all([
    countWhere(and(live, eq(travelers.status, 'quarantine'))),
    countWhere(and(live, inArray(travelers.status, ['quarantine', 'referred']), changedInPeriod)),
    countWhere(and(live, eq(travelers.status, 'referred'), changedInPeriod)),
  ]);
  return { active, started, referred, released: 0, overdue: 0 };
}
