/**
 * Traveller write rules that need the database, checked for REST and sync writes alike before a
 * batch is written (docs/architecture.md):
 * - duplicate guard: the same passport number and nationality as a live traveller (another id)
 *   with an entry date within DUPLICATE_ENTRY_WINDOW_DAYS is refused ('traveler.errors.duplicate');
 * - deletes (and bringing a tombstone back with an update): an admin may touch any traveller, an
 *   officer only one they created in the last TRAVELER_DELETE_WINDOW_HOURS.
 */
import {
  DUPLICATE_ENTRY_WINDOW_DAYS,
  type FieldIssue,
  type SyncOp,
  TRAVELER_DELETE_WINDOW_HOURS,
} from '@bh/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { inJsonList } from '../db/json-list.ts';
import { lookupByKeys } from '../db/lookup.ts';
import { travelers } from '../db/schema.ts';
import { listPosts } from '../modules/posts/store.ts';
import { livePassports } from '../modules/travelers/duplicates.ts';
import type { AuthUser } from '../plugins/auth-guard.ts';

type Reader = Pick<Db | Tx, 'select'>;
type Exec = Pick<Db | Tx, 'execute'>;

export interface TravelerWrite {
  seq: number;
  op: SyncOp;
  id: string;
  data: Record<string, unknown> | null;
}

interface Key {
  id: string;
  passportNo: string;
  nationality: string;
  entryDate: string;
  /** The post the traveller is (or will be) registered at. */
  entryPostId?: string | null;
}

const DAY_MS = 86_400_000;
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;

function keyOf(write: TravelerWrite, post: string | null): Key | null {
  const { passportNo, nationality, entryDate, entryPostId } = write.data ?? {};
  if (typeof passportNo !== 'string' || typeof nationality !== 'string' || typeof entryDate !== 'string')
    return null;
  return {
    id: write.id,
    passportNo,
    nationality,
    entryDate,
    entryPostId: typeof entryPostId === 'string' ? entryPostId : post,
  };
}

const passportKey = (k: Key) => `${k.passportNo}|${k.nationality}`;

const sameTraveler = (a: Key, b: Key) =>
  a.id !== b.id &&
  a.passportNo === b.passportNo &&
  a.nationality === b.nationality &&
  daysApart(a.entryDate, b.entryDate) <= DUPLICATE_ENTRY_WINDOW_DAYS;

/** The live travellers (not `exceptIds`) holding one of the keys' passport numbers. */
function duplicatesQuery(keys: Key[], exceptIds: string[]): SQL | null {
  const passports = [...new Set(keys.map((k) => k.passportNo))];
  if (passports.length === 0) return null;
  return sql`SELECT id::text AS id, passport_no AS "passportNo", nationality, entry_date::text AS "entryDate",
      full_name AS "fullName", entry_post_id::text AS "entryPostId"
    FROM travelers WHERE ${livePassports(passports, exceptIds)}`;
}

const liveRowSchema = z.object({
  id: z.string(),
  passportNo: z.string(),
  nationality: z.string(),
  entryDate: z.string(),
  fullName: z.string(),
  entryPostId: z.string(),
});

/** Of the rows `duplicatesQuery` read, those that would duplicate one of the keys. */
function duplicatesIn(rows: unknown, keys: Key[]) {
  return z
    .array(liveRowSchema)
    .parse(rows)
    .filter((row) => keys.some((key) => sameTraveler(key, row)));
}

/** Live travellers (not `exceptIds`) that the given registration would duplicate. */
export async function findDuplicates(db: Exec, keys: Key[], exceptIds: string[] = []) {
  const query = duplicatesQuery(keys, exceptIds);
  return query ? duplicatesIn((await db.execute(query)).rows, keys) : [];
}

/** May this user delete (or bring back) a traveller created by `createdBy` at `createdAt`? */
function mayDelete(user: AuthUser, row: { createdBy: string | null; createdAt: Date }, now = Date.now()) {
  if (user.role === 'admin') return true;
  return (
    row.createdBy === user.id && now - row.createdAt.getTime() < TRAVELER_DELETE_WINDOW_HOURS * 3_600_000
  );
}

/** The issues of each refused write, by seq; writes not in the map may go ahead. */
export async function travelerRuleRejections(
  db: Reader & Exec,
  user: AuthUser,
  writes: TravelerWrite[],
): Promise<Map<number, FieldIssue[]>> {
  const checked = await deleteRuleRejections(db, user, writes);
  return duplicateRejections(db, user, checked);
}

/** The delete rule's verdicts, and what the duplicate guard needs of them. */
export interface DeleteRuleChecked {
  writes: TravelerWrite[];
  /** Refused writes so far (seq -> issues); the duplicate guard adds its own. */
  refused: Map<number, FieldIssue[]>;
  /** Ids of the writes that exist on the server (an update of any other conflicts anyway). */
  stored: ReadonlySet<string>;
}

/**
 * The delete rule: reads who made each updated or deleted traveller, when, and whether it is
 * deleted. Safe to run before the write lock (write-path/apply.ts): the creator and the time of
 * creation never change, and whatever deletes or revives a traveller meanwhile gives it a new
 * version, so the write's version check answers it as a conflict.
 */
export async function deleteRuleRejections(
  db: Reader,
  user: AuthUser,
  writes: TravelerWrite[],
): Promise<DeleteRuleChecked> {
  const refused = new Map<number, FieldIssue[]>();
  if (writes.length === 0) return { writes, refused, stored: new Set() };
  // Only updates and deletes need the stored row (who made it, is it deleted): a batch of
  // creates (an offline day reaching the server) skips this lookup.
  const changed = [...new Set(writes.filter((w) => w.op !== 'create').map((w) => w.id))];
  const current = await lookupByKeys(changed, () =>
    db
      .select({
        id: travelers.id,
        createdBy: travelers.createdBy,
        createdAt: travelers.createdAt,
        deletedAt: travelers.deletedAt,
      })
      .from(travelers)
      .where(inJsonList(travelers.id, changed, 'uuid')),
  );
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const write of writes) {
    const row = byId.get(write.id);
    const revives = write.op === 'update' && row?.deletedAt != null;
    if ((write.op === 'delete' || revives) && row && !mayDelete(user, row)) {
      refused.set(write.seq, [{ code: 'forbidden' }, { code: 'traveler.errors.deleteNotAllowed' }]);
    }
  }
  return { writes, refused, stored: new Set(byId.keys()) };
}

/**
 * The duplicate guard in two steps, so that its look-up can share a message with other
 * statements (write-path/apply.ts sends it with the write lock, db/together.ts): `query`, the
 * look-up (null when no write needs one), and `refusals`, which adds the refused duplicates to
 * `checked.refused` from the rows the query read, and returns it. It must read under the write
 * lock, so that no other writer registers the same passport between the check and the write.
 */
export function duplicateGuard(user: AuthUser, { writes, refused, stored }: DeleteRuleChecked) {
  const ids = [...new Set(writes.map((w) => w.id))];
  // An update of a record the server does not have conflicts anyway: no duplicate check for it.
  const keyed = writes.filter(
    (w) => (w.op === 'create' || stored.has(w.id)) && w.op !== 'delete' && !refused.has(w.seq),
  );
  const post = user.scope.postId;
  const keys = keyed.flatMap((w) => keyOf(w, post) ?? []);
  return {
    query: duplicatesQuery(keys, ids),
    async refusals(db: Reader, rows: unknown): Promise<Map<number, FieldIssue[]>> {
      if (keyed.length === 0) return refused;
      // The live travellers, then each accepted write of this batch, by passport and
      // nationality: a write is compared with those of its passport only (comparing each with
      // every accepted one was quadratic in the batch; docs/decisions/002-set-based-sync-apply.md).
      const known = new Map<string, Key[]>();
      const remember = (key: Key) => {
        const same = known.get(passportKey(key));
        if (same) same.push(key);
        else known.set(passportKey(key), [key]);
      };
      for (const row of rows === null ? [] : duplicatesIn(rows, keys)) remember(row);
      const codes = new Map((await listPosts(db)).map((p) => [p.id, p.code]));
      for (const write of keyed) {
        const key = keyOf(write, post);
        if (!key) continue;
        // A live traveller, or an earlier write of this batch, already registers this passport.
        const other = known.get(passportKey(key))?.find((k) => sameTraveler(key, k));
        if (other) refused.set(write.seq, [duplicateIssue(key, other, codes)]);
        else remember(key);
      }
      return refused;
    },
  };
}

/** The duplicate guard (`duplicateGuard`) with its own look-up; under the write lock. */
export async function duplicateRejections(
  db: Reader & Exec,
  user: AuthUser,
  checked: DeleteRuleChecked,
): Promise<Map<number, FieldIssue[]>> {
  const guard = duplicateGuard(user, checked);
  return guard.refusals(db, guard.query ? (await db.execute(guard.query)).rows : null);
}

/**
 * The issue of a duplicate registration: at another post it names that post (its code) and
 * nothing of the traveller registered there.
 */
export function duplicateIssue(key: Key, other: Key, codes: ReadonlyMap<string, string>): FieldIssue {
  const elsewhere = other.entryPostId && other.entryPostId !== key.entryPostId;
  return elsewhere
    ? {
        field: 'passportNo',
        code: 'traveler.errors.duplicateAtPost',
        params: { post: codes.get(other.entryPostId ?? '') ?? '?' },
      }
    : { field: 'passportNo', code: 'traveler.errors.duplicate' };
}
