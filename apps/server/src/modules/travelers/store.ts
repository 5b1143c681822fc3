/**
 * Traveller search on the server: the same filters as the device (packages/shared
 * traveler-filters: case-insensitive substring on name and passport, exact nationality,
 * inclusive entry-date range), plus paging and a whitelisted sort. Tombstones are never listed.
 * Queries use the drizzle builder (docs/decisions/004-query-layer-drizzle.md). The name filter
 * forgives accents and case: it compares the folded name (@bh/shared search-fold, the column
 * name_folded) with the folded text typed. A listing with a name or passport filter finds its
 * matches in the in-memory search index (search-index.ts); SQL reads the page's rows by id.
 */
import {
  GENDERS,
  PURPOSES_OF_VISIT,
  searchKey,
  TRAVELER_SORT_FIELDS,
  TRAVELER_STATUSES,
  type Traveler,
  type TravelerFilterQuery,
  type TravelerListQuery,
  type TravelerPage,
  type TravelerSortField,
} from '@bh/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { travelers } from '../../db/schema.ts';
import { validationError } from '../../lib/errors.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { readableBy, type Scope } from '../posts/scope.ts';
import { type IndexSearch, idsOf, pageOf, searchIndex } from './search-index.ts';

type Reader = Pick<Db, 'select' | 'execute'>;

/** Sortable fields (API name -> column). */
const SORT_COLUMNS = {
  entryDate: travelers.entryDate,
  fullName: travelers.fullName,
  passportNo: travelers.passportNo,
  nationality: travelers.nationality,
  status: travelers.status,
  createdAt: travelers.createdAt,
  updatedAt: travelers.updatedAt,
} satisfies Record<TravelerSortField, unknown>;

/** The columns a traveller record is made of (server-only columns such as change_seq left out). */
const RECORD_COLUMNS = {
  id: travelers.id,
  fullName: travelers.fullName,
  passportNo: travelers.passportNo,
  nationality: travelers.nationality,
  entryDate: travelers.entryDate,
  flightNo: travelers.flightNo,
  origin: travelers.origin,
  destination: travelers.destination,
  gender: travelers.gender,
  birthDate: travelers.birthDate,
  note: travelers.note,
  status: travelers.status,
  passportExpiry: travelers.passportExpiry,
  address: travelers.address,
  occupation: travelers.occupation,
  purposeOfVisit: travelers.purposeOfVisit,
  durationOfStay: travelers.durationOfStay,
  accommodation: travelers.accommodation,
  emergencyContact: travelers.emergencyContact,
  entryPostId: travelers.entryPostId,
  version: travelers.version,
  createdAt: travelers.createdAt,
  updatedAt: travelers.updatedAt,
  deletedAt: travelers.deletedAt,
};

type Row = Pick<typeof travelers.$inferSelect, keyof typeof RECORD_COLUMNS>;

/** A type guard for the values of one of the shared enums. */
function oneOf<T extends string>(values: readonly T[], what: string) {
  const known = new Set<string>(values);
  const is = (value: string): value is T => known.has(value);
  return (value: string): T => {
    if (is(value)) return value;
    // The write path validates every value; one that is not known is a server fault.
    throw new Error(`travelers: unknown ${what} in the database`);
  };
}
const statusOf = oneOf(TRAVELER_STATUSES, 'status');
const genderOf = oneOf(GENDERS, 'gender');
const purposeOf = oneOf(PURPOSES_OF_VISIT, 'purposeOfVisit');

/**
 * A row as the API sends it. Guards rather than a zod parse: the page is encoded through
 * travelerSchema by the serializer anyway, and a parse per row would cost it twice.
 */
function toTraveler(row: Row): Traveler {
  return {
    ...row,
    status: statusOf(row.status),
    gender: row.gender === null ? null : genderOf(row.gender),
    purposeOfVisit: row.purposeOfVisit === null ? null : purposeOf(row.purposeOfVisit),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

/** `%` and `_` typed by the user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A listing's filters and the posts the caller reads (null: every post;
 * modules/posts/scope.ts): a traveller of another post is never listed, counted or exported.
 */
export type ScopedFilter = TravelerFilterQuery & Pick<Scope, 'readPosts'>;
export type ScopedListQuery = TravelerListQuery & Pick<Scope, 'readPosts'>;

/** Filters as drizzle conditions (always excludes tombstones and other posts' travellers). */
function whereOf(f: ScopedFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isNull(travelers.deletedAt), readableBy(travelers.entryPostId, f)];
  const name = f.fullName?.trim();
  // In SQL only where the in-memory index does not answer (search-index.ts): no index serves them.
  if (name) parts.push(sql`${travelers.nameFolded} LIKE ${likePattern(searchKey(name))}`);
  const passport = f.passportNo?.trim();
  if (passport) parts.push(sql`lower(${travelers.passportNo}) LIKE lower(${likePattern(passport)})`);
  if (f.nationality) parts.push(eq(travelers.nationality, f.nationality));
  if (f.entryDateFrom) parts.push(gte(travelers.entryDate, f.entryDateFrom));
  if (f.entryDateTo) parts.push(lte(travelers.entryDate, f.entryDateTo));
  if (f.status) parts.push(eq(travelers.status, f.status));
  return and(...parts);
}

/**
 * The travellers' data version: the highest change_seq, read from its index. Every write of a
 * traveller takes a new change_seq under the one write lock (write-path/apply.ts), so values
 * commit in order and the version moves whenever what a listing shows may have changed. Being
 * read from the data, a cache keyed by it is right with several server instances too.
 */
async function readDataVersion(db: Reader): Promise<number | null> {
  const [latest] = await db.select({ seq: max(travelers.changeSeq) }).from(travelers);
  return latest?.seq ?? null;
}

/**
 * Requests that arrive in the same turn of the event loop share one read of the version. The
 * read starts after all of them arrived (on the next turn), so each still sees every write that
 * was committed before it came in; under 50 concurrent readers this saves most of the queries.
 */
const versionBatches = new WeakMap<Reader, Promise<number | null>>();

export function dataVersion(db: Reader): Promise<number | null> {
  let batch = versionBatches.get(db);
  if (!batch) {
    batch = new Promise((resolve, reject) =>
      setImmediate(() => {
        versionBatches.delete(db);
        readDataVersion(db).then(resolve, reject);
      }),
    );
    versionBatches.set(db, batch);
  }
  return batch;
}

const filterKey = (f: ScopedFilter) => [
  f.readPosts === null ? '*' : f.readPosts.join(','),
  f.fullName ? searchKey(f.fullName) : undefined,
  f.passportNo?.trim().toLowerCase(),
  f.nationality,
  f.entryDateFrom,
  f.entryDateTo,
  f.status,
];

/**
 * Totals are cached per filter set and data version: counting 100,000 rows costs far more than
 * the page itself, and the answer only changes when a traveller is written.
 */
const countCache = new LruCache<number>(200);

const countKey = (f: ScopedFilter, version: number | null) => JSON.stringify([version, ...filterKey(f)]);

async function countMatching(db: Reader, f: ScopedFilter, version: number | null): Promise<number> {
  const cached = countCache.get(countKey(f, version));
  if (cached !== undefined) return cached;
  const [counted] = await db.select({ n: count() }).from(travelers).where(whereOf(f));
  return cacheCount(f, version, counted?.n ?? 0);
}

/** A total counted with a page (the in-memory search's matches), kept as counted. */
function cacheCount(f: ScopedFilter, version: number | null, total: number): number {
  countCache.set(countKey(f, version), total);
  return total;
}

/** SQL types of the sort columns, to compare a cursor's text value with the column. */
const SORT_TYPES: Record<TravelerSortField, 'date' | 'text' | 'timestamptz'> = {
  entryDate: 'date',
  fullName: 'text',
  passportNo: 'text',
  nationality: 'text',
  status: 'text',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
};

/** A keyset cursor: the sort and order it belongs to and the last row's sort value and id. */
const cursorSchema = z.object({
  s: z.enum(TRAVELER_SORT_FIELDS),
  o: z.enum(['asc', 'desc']),
  v: z.string(),
  id: z.guid(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string, q: TravelerListQuery): Cursor {
  let raw: unknown = null;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    // not JSON: refused below
  }
  const parsed = cursorSchema.safeParse(raw);
  // A cursor only continues the listing it came from (same sort and order).
  if (!parsed.success || parsed.data.s !== q.sort || parsed.data.o !== q.order)
    throw validationError([{ field: 'cursor', code: 'validation.invalid' }]);
  return parsed.data;
}

/**
 * The search the in-memory index answers (search-index.ts): a listing that filters on a name or
 * a passport number, with the filters the index holds; null for a listing without either (its
 * SQL reads the list's own indexes).
 */
function indexSearch(q: ScopedListQuery): IndexSearch | null {
  const name = q.fullName?.trim();
  const passport = q.passportNo?.trim();
  if (!name && !passport) return null;
  return {
    posts: q.readPosts,
    name: name ? searchKey(name) : undefined,
    passport: passport ? passport.toLowerCase() : undefined,
    status: q.status,
    nationality: q.nationality,
    dateFrom: q.entryDateFrom,
    dateTo: q.entryDateTo,
  };
}

/** Matches whose page another sort orders in SQL, by id, at most (more: the SQL path alone). */
const SORTED_BY_ID_AT_MOST = 10_000;

/**
 * One page. With a cursor the page starts after the cursor's row through a row comparison
 * (the index scan starts there: no OFFSET walking every earlier row); without one, OFFSET paging
 * as before. `nextCursor` is given whenever a full page came back.
 */
export async function listTravelers(
  db: Reader,
  q: ScopedListQuery,
  /** dataVersion() read for this request: the count is cached under it. */
  version: number | null,
): Promise<TravelerPage> {
  const order = q.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[q.sort];
  const after = q.cursor ? decodeCursor(q.cursor, q) : null;
  const cast = sql.raw(SORT_TYPES[q.sort]);
  const keyset = after
    ? q.order === 'asc'
      ? sql`(${column}, ${travelers.id}) > (${after.v}::${cast}, ${after.id}::uuid)`
      : sql`(${column}, ${travelers.id}) < (${after.v}::${cast}, ${after.id}::uuid)`
    : undefined;
  // id breaks ties so pages never overlap or skip rows. The page's ids are chosen first and its
  // rows read after, by id.
  const skip = after ? 0 : (q.page - 1) * q.pageSize;
  const readRows = (ids: SQLWrapper | string[]) =>
    db
      .select({ ...RECORD_COLUMNS, sortKey: sql<string>`${column}::text` })
      .from(travelers)
      .where(inArray(travelers.id, ids))
      .orderBy(order(column), order(travelers.id));
  const search = indexSearch(q);
  const all = search ? await searchIndex(db).matches(search, version) : null;
  let rows: Awaited<ReturnType<typeof readRows>>;
  let total: number;
  if (all && q.sort === 'entryDate') {
    // A name or passport searched, in the default order: the page from the matches held in
    // memory, then its rows by id.
    const page = pageOf(all, q.order, after && { date: after.v, id: after.id }, skip, q.pageSize);
    rows = page.length > 0 ? await readRows(page.map((e) => e.id)) : [];
    total = cacheCount(q, version, all.total);
  } else if (all && all.total <= SORTED_BY_ID_AT_MOST) {
    // Another order: the matches' rows ordered and paged in SQL, by id.
    const ids = JSON.stringify(idsOf(all));
    const pageIds = db
      .select({ id: travelers.id })
      .from(travelers)
      .where(
        and(sql`${travelers.id} = ANY(ARRAY(SELECT json_array_elements_text(${ids}::json)::uuid))`, keyset),
      )
      .orderBy(order(column), order(travelers.id))
      .limit(q.pageSize)
      .offset(skip);
    rows = all.total > 0 ? await readRows(pageIds) : [];
    total = cacheCount(q, version, all.total);
  } else {
    // No text searched, or more matches or travellers than the index takes: SQL alone. The count
    // is its own statement (cached): a window count would make PostgreSQL build every matching
    // row before the LIMIT. The two run at once (on PostgreSQL each on a connection of the pool;
    // PGlite takes them in turn).
    const pageIds = db
      .select({ id: travelers.id })
      .from(travelers)
      .where(and(whereOf(q), keyset))
      .orderBy(order(column), order(travelers.id))
      .limit(q.pageSize)
      .offset(skip);
    [rows, total] = await Promise.all([readRows(pageIds), countMatching(db, q, version)]);
  }
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === q.pageSize
      ? encodeCursor({ s: q.sort, o: q.order, v: last.sortKey, id: last.id })
      : null;
  return {
    items: rows.map(({ sortKey: _key, ...row }) => toTraveler(row)),
    total,
    page: q.page,
    pageSize: q.pageSize,
    nextCursor,
  };
}

/**
 * What a page's answer depends on: the data version and every parameter of the query. Answers
 * are cached under it (routes.ts): many officers open the same first pages of the list, and
 * between two writes the answer is the same.
 */
export function listingKey(q: ScopedListQuery, version: number | null): string {
  return JSON.stringify([version, q.page, q.pageSize, q.sort, q.order, q.cursor ?? null, ...filterKey(q)]);
}

/** One traveller by id, tombstones included (null when there is none). */
export async function travelerById(db: Reader, id: string): Promise<Traveler | null> {
  const [row] = await db.select(RECORD_COLUMNS).from(travelers).where(eq(travelers.id, id)).limit(1);
  return row ? toTraveler(row) : null;
}

/** Where a chunk of the export stopped: the last row's sort key. */
export interface ExportCursor {
  entryDate: string;
  id: string;
}

/**
 * One chunk of the export, newest entry first: the rows after `after` in (entry_date, id)
 * descending order. Keyset paging reads from the partial index travelers_live_entry_idx, so
 * each chunk is one short statement whatever the position; no transaction stays open between
 * chunks (PGlite has one connection, and a long one would hold up every other request).
 */
export async function exportChunk(
  db: Reader,
  f: ScopedFilter,
  after: ExportCursor | null,
  size: number,
): Promise<Traveler[]> {
  // A row comparison, so PostgreSQL starts the index scan at the cursor (an OR of the two
  // columns would be a filter over every row before it: each chunk slower than the last).
  const keyset = after
    ? sql`(${travelers.entryDate}, ${travelers.id}) < (${after.entryDate}::date, ${after.id}::uuid)`
    : undefined;
  const rows = await db
    .select(RECORD_COLUMNS)
    .from(travelers)
    .where(and(whereOf(f), keyset))
    .orderBy(desc(travelers.entryDate), desc(travelers.id))
    .limit(size);
  return rows.map(toTraveler);
}

/** Deleted travellers (tombstones), most recently deleted first. */
export async function deletedTravelers(
  db: Reader,
  limit: number,
  scope: Pick<Scope, 'readPosts'>,
): Promise<Traveler[]> {
  const rows = await db
    .select(RECORD_COLUMNS)
    .from(travelers)
    .where(and(isNotNull(travelers.deletedAt), readableBy(travelers.entryPostId, scope)))
    .orderBy(desc(travelers.deletedAt), desc(travelers.id))
    .limit(limit);
  return rows.map(toTraveler);
}
