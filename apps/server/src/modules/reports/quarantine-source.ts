/**
 * Where the report's quarantine figures come from (docs/decisions/008-report-queries.md):
 * - started, released, referred: status changes on the traveller timeline (traveler_events,
 *   kind 'status_changed', live) that happened in the period: to 'quarantine'; from 'quarantine'
 *   to 'cleared'; to 'referred'. One index-only range scan (traveler_events_status_report_idx,
 *   migration 0010);
 * - active: travellers whose status is 'quarantine' now;
 * - overdue: travellers in quarantine now with a scheduled check-in day before today (the post's
 *   today) that has no live check-in, the rule of overdueDays() in packages/shared
 *   domain/quarantine.ts, so the report, the dashboard and the needs-attention list agree.
 */
import { DEFAULT_QUARANTINE_DAYS, type Report, todayIn } from '@bh/shared';
import { and, count, countDistinct, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkIns, travelerEvents, travelers } from '../../db/schema.ts';
import { readableBy } from '../posts/scope.ts';
import type { PeriodBounds } from './period-bounds.ts';

/** The posts a report counts (null: every post). */
export interface ReportPosts {
  readPosts: readonly string[] | null;
}

/** Counts of status changes in the period, by what they mean for quarantine. */
async function statusChanges(db: Db, bounds: PeriodBounds, posts: ReportPosts) {
  const e = travelerEvents;
  const countIf = (cond: SQL) => sql<number>`count(*) FILTER (WHERE ${cond})`.mapWith(Number);
  const [row] = await db
    .select({
      started: countIf(sql`${e.toStatus} = 'quarantine'`),
      released: countIf(sql`${e.fromStatus} = 'quarantine' AND ${e.toStatus} = 'cleared'`),
      referred: countIf(sql`${e.toStatus} = 'referred'`),
    })
    .from(e)
    .where(
      and(
        eq(e.kind, 'status_changed'),
        isNull(e.deletedAt),
        gte(e.occurredAt, bounds.start),
        lt(e.occurredAt, bounds.end),
        readableBy(e.postId, posts),
      ),
    );
  return { started: row?.started ?? 0, released: row?.released ?? 0, referred: row?.referred ?? 0 };
}

/**
 * active and overdue in one grouped read (docs/decisions/008-report-queries.md). overdueDays() in
 * SQL: the scheduled days before today run from quarantine_start up to least(start + days,
 * today) (exclusive); a traveller is overdue when fewer distinct live check-in days fall in that
 * range than it holds days. The quarantined travellers, in id order, come from one partial
 * covering index (travelers_quarantine_idx, migration 0013) and are merge-joined with their live
 * check-ins (check_ins_live_idx, same order), grouped per traveller: two index scans instead of
 * one correlated subquery per quarantined traveller, which read far more pages. Joining a
 * DISTINCT subquery of the live check-ins instead of count(DISTINCT) was slower
 * (docs/decisions/008-report-queries.md).
 */
async function quarantineNow(db: Db, today: string, posts: ReportPosts) {
  const t = travelers;
  const c = checkIns;
  const days = sql`coalesce(${t.quarantineDays}, ${DEFAULT_QUARANTINE_DAYS}::integer)`;
  const dueEnd = sql`least(${t.quarantineStart} + ${days}, ${today}::date)`;
  const perTraveler = db
    .select({
      due: sql<number>`${dueEnd} - ${t.quarantineStart}`.as('due'),
      checked: countDistinct(c.date).as('checked'),
    })
    .from(t)
    .leftJoin(
      c,
      and(eq(c.travelerId, t.id), isNull(c.deletedAt), gte(c.date, t.quarantineStart), lt(c.date, dueEnd)),
    )
    .where(and(isNull(t.deletedAt), eq(t.status, 'quarantine'), readableBy(t.entryPostId, posts)))
    .groupBy(t.id)
    .as('per_traveler');
  const [row] = await db
    .select({
      active: count(),
      overdue: sql<number>`count(*) FILTER (WHERE ${perTraveler.due} > ${perTraveler.checked})`.mapWith(
        Number,
      ),
    })
    .from(perTraveler);
  return { active: row?.active ?? 0, overdue: row?.overdue ?? 0 };
}

export async function quarantineFigures(
  db: Db,
  bounds: PeriodBounds,
  timeZone: string,
  posts: ReportPosts,
): Promise<Report['quarantine']> {
  const [changes, now] = await Promise.all([
    statusChanges(db, bounds, posts),
    quarantineNow(db, todayIn(timeZone), posts),
  ]);
  return { ...changes, ...now };
}
