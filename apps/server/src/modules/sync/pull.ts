/**
 * Pull: every synced row with change_seq > cursor, tombstones included, merged across tables in
 * change_seq order, one page at a time. The cursor returned is the last change_seq sent.
 */
import type { PullResponse } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectList, toApiRecord } from './records.ts';
import { PULLED_TABLES } from './tables.ts';

export async function pullChanges(
  db: Db,
  cursor: number,
  limit: number,
  epoch: string,
): Promise<PullResponse> {
  const all: {
    seq: number;
    table: (typeof PULLED_TABLES)[number]['name'];
    record: Record<string, unknown>;
  }[] = [];
  for (const table of PULLED_TABLES) {
    const res = await db.execute(
      sql`SELECT change_seq AS "__seq", ${selectList(table)} FROM ${sql.raw(table.sqlName)}
        WHERE change_seq > ${cursor} ORDER BY change_seq LIMIT ${limit + 1}`,
    );
    for (const row of res.rows as Record<string, unknown>[]) {
      const { __seq, ...rest } = row;
      all.push({ seq: Number(__seq), table: table.name, record: toApiRecord(rest) });
    }
  }
  all.sort((a, b) => a.seq - b.seq);
  const page = all.slice(0, limit);
  return {
    changes: page.map(({ table, record }) => ({ table, record })),
    cursor: page.length > 0 ? page.at(-1)!.seq : cursor,
    hasMore: all.length > limit,
    epoch,
  };
}

export async function maxChangeSeq(db: Db): Promise<number> {
  const res = await db.execute(sql`SELECT COALESCE(MAX(s), 0) AS m FROM (
    SELECT MAX(change_seq) AS s FROM travelers UNION ALL
    SELECT MAX(change_seq) FROM health_declarations UNION ALL
    SELECT MAX(change_seq) FROM system_status) q`);
  return Number((res.rows[0] as { m: unknown }).m);
}
