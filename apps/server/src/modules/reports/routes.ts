/**
 * GET /api/reports/daily|weekly|monthly|custom (officers and admins): the figures of a period
 * of the post's calendar (POST_TIME_ZONE) as JSON, or as a CSV or XLSX download (format=).
 * Bad or reversed periods are 400 validation errors with translated keys (shared schemas).
 */
import {
  customReportQuerySchema,
  type DateRange,
  dailyReportQuerySchema,
  monthlyReportQuerySchema,
  monthRange,
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
import { reportCsv, reportXlsx } from './tables.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV or XLSX file: bytes sent as they are, not serialized as JSON. */
const download = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({
    description:
      'format=csv: text/csv (UTF-8 with BOM, one section per table); format=xlsx: a workbook with one sheet per table',
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
  const { db } = app.ctx.database;

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
      return { readPosts: [post.id], timeZone: post.timeZone };
    }
    const first = all.find((p) => p.id === scope.postId) ?? all.find((p) => readsPost(scope, p.id));
    return { readPosts: scope.readPosts, timeZone: first?.timeZone ?? app.ctx.config.POST_TIME_ZONE };
  }

  async function answer(
    request: FastifyRequest & { query: { postId?: string | undefined } },
    reply: FastifyReply,
    kind: ReportKind,
    range: DateRange,
    format: ReportFormat,
  ) {
    const { timeZone, ...posts } = await postsOf(request, request.query.postId);
    const report = await computeReport(db, kind, range, timeZone, posts);
    if (format === 'json') return report;
    const name = `report-${kind}-${range.from}_${range.to}.${format}`;
    // A person's download speaks their language (the app sends it); a script asking none gets the keys.
    const asked = request.headers['accept-language'];
    const lang = asked ? requestLocale(undefined, asked) : undefined;
    const body =
      format === 'csv' ? Buffer.from(reportCsv(report, lang), 'utf8') : await reportXlsx(report, lang);
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
