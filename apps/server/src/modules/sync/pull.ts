/**
 * Pull: every synced row with change_seq > cursor, tombstones included, merged across tables in
 * change_seq order, one page at a time. The cursor returned is the last change_seq sent.
 */
import type { PullResponse } from '@bh/shared';
import { max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkIns, healthDeclarations, systemStatus, travelerEvents, travelers } from '../../db/schema.ts';
import { changesAfter } from './records.ts';
import { PULLED_TABLES } from './tables.ts';

export async function pullChanges(
  db: Db,
  cursor: number,
  limit: number,
  epoch: string,
): Promise<PullResponse> {
  const all: { seq: number; change: PullResponse['changes'][number] }[] = [];
  for (const table of PULLED_TABLES) {
    // limit + 1 rows per table: one more than a page tells whether more are waiting.
    for (const { seq, record } of await changesAfter(db, table, cursor, limit + 1)) {
      all.push({ seq, change: { table: table.name, record } });
    }
  }
  all.sort((a, b) => a.seq - b.seq);
  const page = all.slice(0, limit);
  return {
    changes: page.map((c) => c.change),
    cursor: page.at(-1)?.seq ?? cursor,
    hasMore: all.length > limit,
    epoch,
  };
}

/** The highest change_seq written to any synced table (0 on an empty database). */
export async function maxChangeSeq(db: Db): Promise<number> {
  const all = await Promise.all([
    db.select({ m: max(travelers.changeSeq) }).from(travelers),
    db.select({ m: max(healthDeclarations.changeSeq) }).from(healthDeclarations),
    db.select({ m: max(systemStatus.changeSeq) }).from(systemStatus),
    db.select({ m: max(travelerEvents.changeSeq) }).from(travelerEvents),
    db.select({ m: max(checkIns.changeSeq) }).from(checkIns),
  ]);
  return Math.max(0, ...all.map((rows) => Number(rows[0]?.m ?? 0)));
}
