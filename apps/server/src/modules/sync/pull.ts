/**
 * Pull: every synced row with change_seq > cursor, tombstones included, merged across tables in
 * change_seq order, one page at a time. The cursor returned is the last change_seq sent (the
 * cursor asked for when nothing follows it).
 *
 * Skip ranges (the device's own acknowledged writes, from its push answers' `written`): a row
 * whose current change_seq lies in one is left out of the page and does not count towards its
 * size; any later change of it has a change_seq outside, and rows of other writers cannot have one
 * inside (apply.ts reports only ranges its own statement took whole). The cursor moves past the
 * skipped rows: on a page with more to come it is the last change sent, as without skips; on the
 * last page it is the highest change_seq of any synced row read in the same statement (every row
 * above the cursor was then either sent or skipped). Before this, a device that pushed many
 * travellers pulled them all back only to throw them away as echoes
 * (docs/decisions/002-set-based-sync-apply.md).
 */
import { type ChangeRange, type HeadStart, mergeChangeRanges } from '@bh/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import {
  changesJson,
  type PostFilter,
  postColumnOf,
  postCondition,
  pullOrder,
} from '../../write-path/records.ts';
import { PULLED_TABLES, type WritableTable } from '../../write-path/tables.ts';

/**
 * A scoped pull's departures (docs/decisions/014-points-of-entry.md): travellers that left one
 * of the posts (a transfer), unless they are back in the scope now, each sent as
 * `{"table":"travelers","departed":true,"record":{"id":...}}` in change_seq order with the other
 * changes. The device drops the traveller and its records (keeping what it has not sent yet).
 */
function departuresBranch(
  cursor: number,
  limit: number,
  upTo: number | null,
  skip: SkipFn,
  posts: PostFilter,
) {
  // Sent from cursor 0 too: a device that has not pulled yet may hold what it pushed.
  if (posts === null) return null;
  return sql`(SELECT d.change_seq AS seq, '{"table":"travelers","departed":true,"record":{"id":"' || d.traveler_id::text || '"}}' AS change
    FROM post_departures d
    WHERE d.change_seq > ${cursor}${upTo === null ? sql`` : sql` AND d.change_seq <= ${upTo}`}${skip(sql.raw('d.change_seq'))}${postCondition(sql.raw('d.post_id'), posts)}
      AND NOT EXISTS (SELECT 1 FROM travelers t WHERE t.id = d.traveler_id${postCondition(sql.raw('t.entry_post_id'), posts)})
    ORDER BY ${pullOrder(sql.raw('d.post_id'), sql.raw('d.change_seq'), posts)} LIMIT ${limit})`;
}

type SkipFn = (seq: SQLWrapper) => SQL;

/**
 * What a page reads (HeadStart, docs/decisions/018-travellers-first.md): the tables, whether
 * departures come, and where each table starts (the travellers after what a head start sent).
 */
interface PageRead {
  tables: readonly WritableTable[];
  departures: boolean;
  from: (table: WritableTable, cursor: number) => number;
}

function pageRead(head: HeadStart): PageRead {
  const travelersTo = head.travelersTo ?? 0;
  return {
    tables: head.only ? PULLED_TABLES.filter((t) => t.name === head.only) : PULLED_TABLES,
    departures: head.only === undefined,
    from: (table, cursor) => (table.name === 'travelers' ? Math.max(cursor, travelersTo) : cursor),
  };
}

/**
 * The change_seq of the page's last change and whether more follow: the `limit`-th and
 * (`limit`+1)-th change numbers after the cursor across the synced tables, read from their
 * change_seq indexes (no row decoded). With it each table reads only the
 * rows of this page: before, each read `limit`+1 rows and the merge threw most away (a fresh
 * device's page of travellers and their 'created' events read and decoded twice the rows it sent).
 */
async function pageEnd(
  db: Db,
  cursor: number,
  limit: number,
  skip: SkipFn,
  posts: PostFilter,
  read: PageRead,
) {
  const departures = read.departures ? departuresBranch(cursor, limit + 1, null, skip, posts) : null;
  const union = sql.join(
    // Each branch ordered and limited, so each is an index scan of change_seq, or of
    // (post, change_seq) for a scoped pull (without them PGlite, which keeps no statistics,
    // planned sequential scans and a sort; docs/decisions/002-set-based-sync-apply.md).
    [
      ...read.tables.map(
        (t) =>
          sql`(SELECT change_seq AS seq FROM ${sql.raw(t.sqlName)} WHERE change_seq > ${read.from(t, cursor)}${skip(sql.raw('change_seq'))}${postCondition(postColumnOf(t.pgTable), posts)} ORDER BY ${pullOrder(postColumnOf(t.pgTable), sql.raw('change_seq'), posts)} LIMIT ${limit + 1})`,
      ),
      ...(departures ? [sql`(SELECT seq FROM ${departures} AS d)`] : []),
    ],
    sql` UNION ALL `,
  );
  const rows = await queryRows(
    db,
    seqSchema,
    sql`SELECT seq FROM (${union}) AS c ORDER BY seq OFFSET ${limit - 1} LIMIT 2`,
  );
  return { upTo: rows[0]?.seq ?? null, hasMore: rows.length > 1 };
}

const seqSchema = z.object({ seq: z.coerce.number() });

const pageSchema = z.object({
  changes: z.string().nullable(),
  last: z.coerce.number().nullable(),
});

const lastPageSchema = pageSchema.extend({ seen: z.coerce.number(), top: z.coerce.number().nullable() });

/** ` AND NOT (seq BETWEEN .. OR ..)` for the ranges (nothing without any). */
function skipFilter(ranges: readonly ChangeRange[]) {
  if (ranges.length === 0) return () => sql``;
  return (seq: SQLWrapper) =>
    sql` AND NOT (${sql.join(
      ranges.map((r) => sql`${seq} BETWEEN ${r.from} AND ${r.to}`),
      sql` OR `,
    )})`;
}

/**
 * One page of changes after `cursor` as the JSON text of a PullResponse, made by the database:
 * each record is written by row_to_json (its API columns, times formatted as the API sends them;
 * records.ts, changesJson) and the page is one aggregated string. Hand-written SQL where it
 * measurably pays: reading through drizzle, turning rows into API records and stringifying them
 * cost far more CPU for the same bytes, and the server's CPU is shared with the fresh device
 * that pulls (docs/decisions/002-set-based-sync-apply.md).
 */
export async function pullPage(
  db: Db,
  cursor: number,
  limit: number,
  epoch: string,
  skipRanges: readonly ChangeRange[] = [],
  scope: { readPosts: PostFilter; key: string } = { readPosts: null, key: 'all' },
  head: HeadStart = {},
): Promise<string> {
  const ranges = mergeChangeRanges(skipRanges, cursor);
  const skip = skipFilter(ranges);
  const posts = scope.readPosts;
  const tail = `,"scope":${JSON.stringify(scope.key)}}`;
  const read = pageRead(head);
  // upTo null: fewer than `limit` changes wait, and each table sends all of its own.
  const { upTo, hasMore } = await pageEnd(db, cursor, limit, skip, posts, read);
  // A last page that leaves rows out (skipped ranges; the travellers a head start sent) must end
  // at the highest change, not at its last row sent: those rows lie above it, and a cursor
  // short of them would send them again on the next pull.
  if ((ranges.length > 0 || head.travelersTo !== undefined) && !hasMore)
    return lastPage(db, cursor, limit, epoch, skip, posts, tail, read);
  const branches = [
    ...read.tables.flatMap(
      (table) => changesJson(table, read.from(table, cursor), limit, upTo, skip, posts) ?? [],
    ),
    ...[read.departures ? departuresBranch(cursor, limit, upTo, skip, posts) : null].filter(
      (b) => b !== null,
    ),
  ];
  const [page] = await queryRows(
    db,
    pageSchema,
    sql`SELECT string_agg(change, ',' ORDER BY seq) AS changes, max(seq) AS last
      FROM (SELECT seq, change FROM (${sql.join(branches, sql` UNION ALL `)}) AS u ORDER BY seq LIMIT ${limit}) AS c`,
  );
  const last = page?.last ?? cursor;
  return `{"changes":[${page?.changes ?? ''}],"cursor":${last},"hasMore":${hasMore},"epoch":${JSON.stringify(epoch)}${tail}`;
}

/**
 * The last page of a pull with skips, read in one statement (one snapshot): up to `limit` + 1
 * rows not skipped, and the highest change_seq of all. When no more than `limit` came, every row
 * above the cursor was sent or skipped, so the cursor moves to the highest change (a row
 * committed after this statement has a higher change_seq). When more came (written since
 * pageEnd), the page ends at its last row sent, with more to come.
 */
async function lastPage(
  db: Db,
  cursor: number,
  limit: number,
  epoch: string,
  skip: SkipFn,
  posts: PostFilter,
  tail: string,
  read: PageRead,
) {
  const branches = [
    ...read.tables.flatMap(
      (table) => changesJson(table, read.from(table, cursor), limit + 1, null, skip, posts) ?? [],
    ),
    ...[read.departures ? departuresBranch(cursor, limit + 1, null, skip, posts) : null].filter(
      (b) => b !== null,
    ),
  ];
  const top = highestChangeSql();
  const [page] = await queryRows(
    db,
    lastPageSchema,
    sql`SELECT string_agg(change, ',' ORDER BY seq) FILTER (WHERE n <= ${limit}) AS changes,
        max(seq) FILTER (WHERE n <= ${limit}) AS last, count(*) AS seen, GREATEST(${top}) AS top
      FROM (SELECT seq, change, row_number() OVER (ORDER BY seq) AS n
        FROM (${sql.join(branches, sql` UNION ALL `)}) AS u ORDER BY seq LIMIT ${limit + 1}) AS c`,
  );
  const seen = page?.seen ?? 0;
  const more = seen > limit;
  const last = more ? (page?.last ?? cursor) : Math.max(cursor, page?.last ?? 0, page?.top ?? 0);
  return `{"changes":[${page?.changes ?? ''}],"cursor":${last},"hasMore":${more},"epoch":${JSON.stringify(epoch)}${tail}`;
}

/** The highest change_seq written to any synced table (0 on an empty database). */
export async function maxChangeSeq(db: Db): Promise<number> {
  const [row] = await queryRows(db, topSchema, sql`SELECT GREATEST(${highestChangeSql()}) AS top`);
  return Math.max(0, row?.top ?? 0);
}

const topSchema = z.object({ top: z.coerce.number().nullable() });

/**
 * The highest change_seq of each pulled table and of the departures, as the arguments of one
 * GREATEST(...): what the last page's cursor and the epoch check compare with.
 */
function highestChangeSql() {
  return sql.join(
    [...PULLED_TABLES.map((t) => t.sqlName), 'post_departures'].map(
      (name) => sql`(SELECT max(change_seq) FROM ${sql.raw(name)})`,
    ),
    sql`, `,
  );
}
