/**
 * GET /api/reports/daily|weekly|monthly|custom (everyone signed in, over their scope): the figures
 * of a period of the post's calendar as JSON, or as a CSV or XLSX download (format=) with the
 * post as a column. Bad or reversed periods are 400 validation errors with translated keys
 * (shared schemas).
 */
import {
  customReportQuerySchema,
  type DateRange,
  dailyReportQuerySchema,
  monthlyReportQuerySchema,
  monthRange,
  type Post,
  type Report,
  type ReportFormat,
  type ReportKind,
  reportSchema,
  requestLocale,
  weeklyReportQuerySchema,
  weekRange,
} from '@bh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, validationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { readsPost } from '../posts/scope.ts';
import { listPosts } from '../posts/store.ts';
import { computeReport } from './store.ts';
import { type ReportSection, reportCsv, reportXlsx } from './tables.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV or XLSX file: bytes sent as they are, not serialized as JSON. */
const download = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({
    description:
      'format=csv: text/csv (UTF-8 with BOM, one section per table); format=xlsx: a workbook with one sheet per table; the post is the first column (a roll-up of several posts is followed by each post)',
  });

const schemaOf = <Q extends z.ZodType>(querystring: Q) => ({
  tags: ['reports'],
  security: BEARER,
  querystring,
  response: {
    200: z.union([reportSchema, download]),
    ...errorResponses('validation_error', 'unauthorized', 'not_found'),
  },
});

/** The range a query named, or the 400 its schema already refused (kept for the types). */
function known(range: DateRange | null): DateRange {
  if (!range) throw validationError([{ code: 'validation.invalid_date' }]);
  return range;
}

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reports may lag a few seconds: on the replica when there is one (db/read-replica.ts).
  const { db } = app.ctx.database.reads;

  /**
   * The posts a report counts and the calendar it counts in: one post asked for (in the caller's
   * scope, else 404) in its own time zone; else the caller's scope, in its post's time zone (a
   * roll-up of several posts counts in the first one's: a country's posts share a zone or the
   * caller asks post by post). No post at all: POST_TIME_ZONE.
   */
  async function postsOf(request: FastifyRequest, postId: string | undefined) {
    const { scope } = userOf(request);
    const all = await listPosts(db);
    if (postId !== undefined) {
      const post = all.find((p) => p.id === postId);
      if (!post || !readsPost(scope, post.id)) throw notFound();
      return { readPosts: [post.id], timeZone: post.timeZone, counted: [post] };
    }
    const counted = all.filter((p) => readsPost(scope, p.id));
    const first = all.find((p) => p.id === scope.postId) ?? counted[0];
    return {
      readPosts: scope.readPosts,
      timeZone: first?.timeZone ?? app.ctx.config.POST_TIME_ZONE,
      counted,
    };
  }

  /**
   * What a download holds: one post's report, or the roll-up followed by each post's own report
   * (in its own time zone), so that the post is a column of the file (tables.ts).
   */
  async function sectionsOf(
    report: Report,
    counted: readonly Post[],
    kind: ReportKind,
    range: DateRange,
  ): Promise<ReportSection[]> {
    const [only] = counted;
    if (only && counted.length === 1) return [{ post: only, report }];
    const sections: ReportSection[] = [{ post: null, report }];
    // One post after the other: an export of the nation's posts is not worth a burst on the pool.
    for (const post of counted) {
      const own = await computeReport(db, kind, range, post.timeZone, { readPosts: [post.id] });
      sections.push({ post, report: own });
    }
    return sections;
  }

  async function answer(
    request: FastifyRequest & { query: { postId?: string | undefined } },
    reply: FastifyReply,
    kind: ReportKind,
    range: DateRange,
    format: ReportFormat,
  ) {
    const { timeZone, counted, readPosts } = await postsOf(request, request.query.postId);
    const report = await computeReport(db, kind, range, timeZone, { readPosts });
    if (format === 'json') return report;
    const sections = await sectionsOf(report, counted, kind, range);
    const name = `report-${kind}-${range.from}_${range.to}.${format}`;
    // A person's download speaks their language (the app sends it); a script asking none gets the keys.
    const asked = request.headers['accept-language'];
    const lang = asked ? requestLocale(undefined, asked) : undefined;
    const body =
      format === 'csv' ? Buffer.from(reportCsv(sections, lang), 'utf8') : await reportXlsx(sections, lang);
    return reply
      .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(body);
  }

  const guard = { onRequest: app.requireAuth };
  app.get(
    '/api/reports/daily',
    { ...guard, schema: schemaOf(dailyReportQuerySchema) },
    async (request, reply) => {
      const { date, format } = request.query;
      return answer(request, reply, 'daily', { from: date, to: date }, format);
    },
  );
  app.get(
    '/api/reports/weekly',
    { ...guard, schema: schemaOf(weeklyReportQuerySchema) },
    async (request, reply) =>
      answer(request, reply, 'weekly', known(weekRange(request.query.week)), request.query.format),
  );
  app.get(
    '/api/reports/monthly',
    { ...guard, schema: schemaOf(monthlyReportQuerySchema) },
    async (request, reply) =>
      answer(request, reply, 'monthly', known(monthRange(request.query.month)), request.query.format),
  );
  app.get(
    '/api/reports/custom',
    { ...guard, schema: schemaOf(customReportQuerySchema) },
    async (request, reply) => {
      const { from, to, format } = request.query;
      return answer(request, reply, 'custom', { from, to }, format);
    },
  );
};
