/**
 * What makes two registrations the same traveller: passport number, nationality and entry
 * date. The import reports a row as a duplicate when a live traveller with that key exists or
 * an earlier row of the file has it.
 */
import type { TravelerInput } from '@bh/shared';
import { and, isNull, not } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inJsonList } from '../../db/json-list.ts';
import { travelers } from '../../db/schema.ts';

type Key = Pick<TravelerInput, 'passportNo' | 'nationality' | 'entryDate'>;

/**
 * Live travellers with one of these passports, leaving out the travellers `exceptIds`. The lists
 * travel as one JSON parameter each instead of one parameter per value: building and binding a
 * parameter per id of a sync batch cost measurable CPU on every check
 * (docs/decisions/002-set-based-sync-apply.md).
 */
export const livePassports = (passports: string[], exceptIds: string[]) =>
  and(
    isNull(travelers.deletedAt),
    inJsonList(travelers.passportNo, passports, 'text'),
    exceptIds.length > 0 ? not(inJsonList(travelers.id, exceptIds, 'uuid')) : undefined,
  );

export const duplicateKeyOf = (r: Key) => `${r.passportNo}|${r.nationality}|${r.entryDate}`;

/**
 * Keys of the given rows that a live (not deleted) traveller already has, leaving out the
 * travellers `exceptIds` (the rows being written).
 */
export async function findRegistered(
  db: Pick<Db, 'selectDistinct'>,
  rows: { data: Key }[],
  exceptIds: string[] = [],
) {
  const passports = [...new Set(rows.map((r) => r.data.passportNo))];
  if (passports.length === 0) return new Set<string>();
  const found = await db
    .selectDistinct({
      passportNo: travelers.passportNo,
      nationality: travelers.nationality,
      entryDate: travelers.entryDate,
    })
    .from(travelers)
    .where(livePassports(passports, exceptIds));
  return new Set(found.map(duplicateKeyOf));
}
