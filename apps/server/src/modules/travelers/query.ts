/**
 * Traveller search on the server: the same filters as the device (packages/shared
 * traveler-filters: case-insensitive substring on name and passport, exact nationality,
 * inclusive entry-date range), plus paging and a whitelisted sort. Tombstones are never listed.
 */
import { TRAVELER_STATUSES, travelerFiltersSchema } from '@bh/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { selectList, toApiRecord } from '../sync/records.ts';
import { TRAVELERS } from '../sync/tables.ts';

/** Sortable fields (API name -> column). */
const SORT_COLUMNS = {
  entryDate: 'entry_date',
  fullName: 'full_name',
  passportNo: 'passport_no',
  nationality: 'nationality',
  status: 'status',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;
export const TRAVELER_SORT_FIELDS = Object.keys(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS];

export const MAX_PAGE_SIZE = 500;

const pageNumber = (max: number, fallback: number) =>
  z.coerce
    .number('validation.invalid_type')
    .int('validation.integer')
    .min(1, 'validation.min_value')
    .max(max, 'validation.max_value')
    .default(fallback);

/** Query of GET /api/travelers and GET /api/travelers/export. */
export const travelerListQuerySchema = travelerFiltersSchema.extend({
  status: z.enum(TRAVELER_STATUSES, 'validation.invalid_option').optional(),
  page: pageNumber(1_000_000, 1),
  pageSize: pageNumber(MAX_PAGE_SIZE, 50),
  sort: z.enum(TRAVELER_SORT_FIELDS, 'validation.invalid_option').default('entryDate'),
  order: z.enum(['asc', 'desc'], 'validation.invalid_option').default('desc'),
});
export type TravelerListQuery = z.infer<typeof travelerListQuerySchema>;
export type TravelerFilterQuery = Omit<TravelerListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/** `%` and `_` typed by the user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** WHERE clause of the filters (always excludes tombstones). */
export function whereOf(f: TravelerFilterQuery): SQL {
  const parts: SQL[] = [sql`deleted_at IS NULL`];
  const name = f.fullName?.trim();
  if (name) parts.push(sql`lower(full_name) LIKE lower(${likePattern(name)})`);
  const passport = f.passportNo?.trim();
  if (passport) parts.push(sql`lower(passport_no) LIKE lower(${likePattern(passport)})`);
  if (f.nationality) parts.push(sql`nationality = ${f.nationality}`);
  if (f.entryDateFrom) parts.push(sql`entry_date >= ${f.entryDateFrom}::date`);
  if (f.entryDateTo) parts.push(sql`entry_date <= ${f.entryDateTo}::date`);
  if (f.status) parts.push(sql`status = ${f.status}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Totals are cached per filter set and data version (the highest change_seq, read from its
 * index): counting 100,000 rows costs far more than the page itself, and the answer only
 * changes when a traveller is written. Being keyed by data, the cache is right with several
 * server instances too.
 */
const countCache = new Map<string, number>();
const COUNT_CACHE_SIZE = 200;

async function countMatching(db: Pick<Db, 'execute'>, f: TravelerFilterQuery, where: SQL): Promise<number> {
  const seq = await db.execute(sql`SELECT max(change_seq) AS s FROM travelers`);
  const key = JSON.stringify([
    (seq.rows[0] as { s: unknown }).s,
    f.fullName?.trim().toLowerCase(),
    f.passportNo?.trim().toLowerCase(),
    f.nationality,
    f.entryDateFrom,
    f.entryDateTo,
    f.status,
  ]);
  const cached = countCache.get(key);
  if (cached !== undefined) return cached;
  const counted = await db.execute(sql`SELECT count(*) AS n FROM travelers WHERE ${where}`);
  const total = Number((counted.rows[0] as { n: unknown }).n);
  if (countCache.size >= COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value!);
  countCache.set(key, total);
  return total;
}

export interface TravelerPage {
  items: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
}

export async function listTravelers(db: Pick<Db, 'execute'>, q: TravelerListQuery): Promise<TravelerPage> {
  const where = whereOf(q);
  // Qualified: a bare name would bind to selectList's output alias (e.g. to_char(entry_date)),
  // sorting text over a full scan instead of reading the index.
  const column = sql.raw(`travelers.${SORT_COLUMNS[q.sort]}`);
  const direction = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  // id breaks ties so pages never overlap or skip rows. The count is its own statement: a
  // window count would make PostgreSQL build every matching row before the LIMIT.
  const rows = await db.execute(sql`SELECT ${selectList(TRAVELERS)}
    FROM travelers WHERE ${where}
    ORDER BY ${column} ${direction}, travelers.id ${direction}
    LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`);
  const list = rows.rows as Record<string, unknown>[];
  const total = await countMatching(db, q, where);
  return {
    items: list.map(toApiRecord),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Every matching row, in entry-date order, for the CSV export. */
export async function allTravelers(db: Pick<Db, 'execute'>, f: TravelerFilterQuery) {
  const rows = await db.execute(sql`SELECT ${selectList(TRAVELERS)} FROM travelers WHERE ${whereOf(f)}
    ORDER BY travelers.entry_date DESC, travelers.id DESC`);
  return (rows.rows as Record<string, unknown>[]).map(toApiRecord);
}
