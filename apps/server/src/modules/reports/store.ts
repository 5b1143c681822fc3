/**
 * The report's two grouped reads (drizzle query builder), served by the report indexes of
 * migration 0010: arrivals by entry day, status and nationality; declarations by filing day
 * (post time) and risk level. buildReport turns the groups into the figures.
 */
import type { DateRange, Report, ReportKind } from '@bh/shared';
import { and, between, count, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { healthDeclarations, travelers } from '../../db/schema.ts';
import { readableBy } from '../posts/scope.ts';
import { buildReport } from './arithmetic.ts';
import { periodBounds } from './period-bounds.ts';
import { quarantineFigures, type ReportPosts } from './quarantine-source.ts';

export async function computeReport(
  db: Db,
  kind: ReportKind,
  range: DateRange,
  timeZone: string,
  posts: ReportPosts = { readPosts: null },
): Promise<Report> {
  const bounds = periodBounds(range, timeZone);
  const day = sql<string>`to_char(${healthDeclarations.createdAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const [arrivals, declarations, quarantine] = await Promise.all([
    db
      .select({
        day: travelers.entryDate,
        status: travelers.status,
        nationality: travelers.nationality,
        n: count(),
      })
      .from(travelers)
      .where(
        and(
          isNull(travelers.deletedAt),
          between(travelers.entryDate, range.from, range.to),
          readableBy(travelers.entryPostId, posts),
        ),
      )
      .groupBy(travelers.entryDate, travelers.status, travelers.nationality),
    db
      .select({ day, riskLevel: healthDeclarations.riskLevel, n: count() })
      .from(healthDeclarations)
      .where(
        and(
          isNull(healthDeclarations.deletedAt),
          gte(healthDeclarations.createdAt, bounds.start),
          lt(healthDeclarations.createdAt, bounds.end),
          readableBy(healthDeclarations.postId, posts),
        ),
      )
      // By position: the day expression carries a parameter, so it cannot be repeated by value.
      .groupBy(sql`1, 2`),
    quarantineFigures(db, bounds, timeZone, posts),
  ]);
  return buildReport({ kind, range, timeZone, arrivals, declarations, quarantine, generatedAt: new Date() });
}
