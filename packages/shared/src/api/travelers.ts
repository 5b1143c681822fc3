/**
 * Contract of the traveller REST API (/api/travelers...): the list query and page, the path and
 * write parameters, the CSV import report and the progress lines of a streamed import. The
 * server validates and serializes with these schemas; the app reads its answers with them.
 */
import { z } from 'zod';
import { TRAVELER_STATUSES } from '../domain/reference.ts';
import { fieldIssueSchema, keyed, plainShape, uuid, versionSchema } from '../schemas/common.ts';
import { travelerInputSchema, travelerSchema } from '../schemas/traveler.ts';
import { travelerFiltersSchema } from '../schemas/traveler-filters.ts';
import { apiErrorSchema } from './errors.ts';
import { deleteReasonSchema } from './traveler-deletes.ts';

/** Fields the traveller list can be sorted by. */
export const TRAVELER_SORT_FIELDS = [
  'entryDate',
  'fullName',
  'passportNo',
  'nationality',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type TravelerSortField = (typeof TRAVELER_SORT_FIELDS)[number];

/** Largest page of GET /api/travelers. */
const MAX_TRAVELER_PAGE_SIZE = 500;

/** A whole number from `min` up, in an answer. */
const count = (min = 0) => z.number(keyed()).int('validation.integer').min(min, 'validation.min_value');

const pageNumber = (max: number, fallback: number) =>
  z.coerce
    .number('validation.invalid_type')
    .int('validation.integer')
    .min(1, 'validation.min_value')
    .max(max, 'validation.max_value')
    .default(fallback);

/** Query of GET /api/travelers and GET /api/travelers/export (the export ignores paging). */
export const travelerListQuerySchema = travelerFiltersSchema.extend({
  status: z.enum(TRAVELER_STATUSES, 'validation.invalid_option').optional(),
  page: pageNumber(1_000_000, 1),
  pageSize: pageNumber(MAX_TRAVELER_PAGE_SIZE, 50),
  sort: z.enum(TRAVELER_SORT_FIELDS, 'validation.invalid_option').default('entryDate'),
  order: z.enum(['asc', 'desc'], 'validation.invalid_option').default('desc'),
  /**
   * Keyset paging: the `nextCursor` of the previous page (same filters, sort and order). With a
   * cursor, `page` is ignored and the page starts right after the cursor's row, as fast at row
   * 200,000 as at row 1; without one, `page` counts from the start.
   */
  cursor: z
    .string('validation.invalid_type')
    .max(400, 'validation.max_length')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid')
    .optional(),
});
export type TravelerListQuery = z.infer<typeof travelerListQuerySchema>;
/** The filters of a list query, without paging and sort. */
export type TravelerFilterQuery = Omit<TravelerListQuery, 'page' | 'pageSize' | 'sort' | 'order' | 'cursor'>;

/**
 * Answer of GET /api/travelers: one page of live travellers, the number matching (cached per
 * data version, not counted per page) and the cursor of the next page (null on the last page).
 */
export const travelerPageSchema = plainShape({
  items: z.array(travelerSchema, keyed()),
  total: count(),
  page: count(1),
  pageSize: count(1),
  nextCursor: z.string(keyed()).nullable(),
});
export type TravelerPage = z.infer<typeof travelerPageSchema>;

/** Path of /api/travelers/:id. */
export const travelerIdParamsSchema = plainShape({ id: uuid() });

/** Body of PUT /api/travelers/:id: the writable fields and the version they were read at. */
export const travelerUpdateSchema = travelerInputSchema.extend({ version: versionSchema });

/** Query of DELETE /api/travelers/:id: the version it was read at and, optionally, why. */
export const travelerDeleteQuerySchema = plainShape({
  version: z.coerce
    .number('validation.invalid_type')
    .pipe(versionSchema)
    .meta({ type: 'integer', minimum: 1, maximum: 2_147_483_647 }),
  reason: deleteReasonSchema.optional(),
});

/** A rejected import row: its line as a spreadsheet shows it (the header is line 1) and why. */
const importRejectionSchema = plainShape({
  row: count(2),
  errors: z.array(fieldIssueSchema, keyed()),
});

/** Answer of POST /api/travelers/bulk-import: rows read, rows written, rows refused (by line). */
export const travelerImportReportSchema = plainShape({
  total: count(),
  imported: count(),
  rejected: z.array(importRejectionSchema, keyed()),
});
export type TravelerImportReport = z.infer<typeof travelerImportReportSchema>;

/**
 * Media type a client asks for (Accept) to follow an import as it runs: the answer is one JSON
 * object per line, `progress` lines while chunks are written, then one `report` or `error` line.
 */
export const IMPORT_PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

const lineType = <T extends string>(type: T) =>
  z.literal(type, keyed('validation.required', 'validation.invalid_option'));

export const importProgressLineSchema = z.discriminatedUnion(
  'type',
  [
    plainShape({
      type: lineType('progress'),
      /** Data rows checked and written (or refused) so far. */
      processed: count(),
      total: count(),
    }),
    plainShape({ type: lineType('report'), report: travelerImportReportSchema }),
    plainShape({ type: lineType('error'), error: apiErrorSchema.shape.error }),
  ],
  keyed('validation.required', 'validation.invalid_option'),
);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

/** Exports that may run at once on one server; another one is answered 429 with Retry-After. */
export const MAX_CONCURRENT_EXPORTS = 2;
