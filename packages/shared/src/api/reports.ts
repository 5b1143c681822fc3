/**
 * Contract of the reports API (/api/reports/daily|weekly|monthly|custom): the period queries and
 * the report body. `format=csv|xlsx` downloads the same figures as a file instead of JSON.
 * Periods are calendar dates of the post's time zone (domain/report-period.ts).
 */
import { z } from 'zod';
import {
  daysInRange,
  monthRange,
  REPORT_KINDS,
  REPORT_MAX_DAYS,
  weekRange,
} from '../domain/report-period.ts';
import { isoDate, isoDateTime, keyed, oneOf, plainShape, uuid, whenValid } from '../schemas/common.ts';

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const format = z.enum(REPORT_FORMATS, 'validation.invalid_option').default('json');
/**
 * One post's report (its own time zone); left out, the caller's whole scope: its post, or the
 * province's or nation's posts rolled up (docs/decisions/014-points-of-entry.md).
 */
const postId = uuid().optional();

export const dailyReportQuerySchema = plainShape({ date: isoDate(), format, postId });

export const weeklyReportQuerySchema = plainShape({
  week: z
    .string(keyed('validation.required', 'validation.invalid_week'))
    .refine((w) => weekRange(w) !== null, 'validation.invalid_week')
    .meta({
      pattern: '^[1-9]\\d{3}-W(?:0[1-9]|[1-4]\\d|5[0-3])$',
      description: 'ISO week YYYY-Www (year 1000 or later; W53 only in years that have one)',
      example: '2026-W05',
    }),
  format,
  postId,
});

export const monthlyReportQuerySchema = plainShape({
  month: z
    .string(keyed('validation.required', 'validation.invalid_month'))
    .refine((m) => monthRange(m) !== null, 'validation.invalid_month')
    .meta({
      pattern: '^[1-9]\\d{3}-(?:0[1-9]|1[0-2])$',
      description: 'YYYY-MM (year 1000 or later)',
      example: '2026-02',
    }),
  format,
  postId,
});

export const customReportQuerySchema = plainShape({
  from: isoDate(),
  to: isoDate().meta({ description: `On or after \`from\`, at most ${REPORT_MAX_DAYS} days in the range` }),
  format,
  postId,
})
  .refine((q) => q.from <= q.to, { error: 'validation.date_range', path: ['to'], ...whenValid('from', 'to') })
  .refine((q) => q.from > q.to || daysInRange(q) <= REPORT_MAX_DAYS, {
    error: 'validation.report_range_too_long',
    path: ['to'],
    ...whenValid('from', 'to'),
  });
export type CustomReportQuery = z.infer<typeof customReportQuerySchema>;

const count = () => z.number(keyed()).int('validation.integer').min(0, 'validation.min_value');

/** The report's figures; every count is over the period unless its comment says otherwise. */
export const reportSchema = plainShape({
  period: plainShape({
    kind: oneOf(REPORT_KINDS),
    from: isoDate(),
    to: isoDate(),
    /** IANA time zone of the post: the days the figures are counted in. */
    timeZone: z.string(keyed()),
  }),
  /** Travellers whose entry date is in the period. */
  arrivals: count(),
  /** Health declarations filed in the period. */
  declarations: count(),
  /** Those declarations by risk level. */
  byRiskLevel: plainShape({ low: count(), medium: count(), high: count() }),
  /** The period's arrivals by their current status (sums to `arrivals`). */
  byStatus: z.array(plainShape({ status: z.string(keyed()), count: count() }), keyed()),
  /** The period's arrivals by nationality, largest first (sums to `arrivals`). */
  byNationality: z.array(plainShape({ nationality: z.string(keyed()), count: count() }), keyed()),
  /** started/released/referred: in the period; active: now; overdue: check-ins overdue now. */
  quarantine: plainShape({
    started: count(),
    active: count(),
    released: count(),
    referred: count(),
    overdue: count(),
  }),
  /** One entry per day of the period, in order. */
  series: z.array(
    plainShape({ date: isoDate(), arrivals: count(), declarations: count(), highRisk: count() }),
    keyed(),
  ),
  generatedAt: isoDateTime(),
});
export type Report = z.infer<typeof reportSchema>;
