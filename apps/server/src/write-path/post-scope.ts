/**
 * The post a written record belongs to, and whether the writer may write there
 * (docs/decisions/014-points-of-entry.md). Runs for every round of a traveller-scoped table
 * (the shared registry's scope 'traveler') before the table's own hooks:
 * - a new traveller belongs to the post the device sends (entryPostId), or else the writer's
 *   current post; it must be a post the writer writes at, and open;
 * - a traveller's update or delete keeps the stored post (only a transfer moves a traveller);
 * - a declaration, timeline event or check-in follows its traveller's post (post_id, kept by the
 *   server and never sent to devices), and is refused when that post is not the writer's.
 * A refusal is 'post.errors.outOfScope' (or noPost, closed, unknownPost): a failed item the
 * officer sees, with the reason.
 */
import { SYNC_TABLE_SPECS, type SyncOp } from '@bh/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/client.ts';
import { travelers } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { readsPost, writesPost } from '../modules/posts/scope.ts';
import { listPosts } from '../modules/posts/store.ts';
import type { AuthUser } from '../plugins/auth-guard.ts';
import type { RoundItem } from './hooks.ts';
import type { Exec } from './rounds.ts';
import type { WritableTable } from './tables.ts';

const postRowSchema = z.object({ id: z.string(), post: z.string().nullable() });

/** The stored post of each record of `table` with one of these ids. */
async function storedPosts(
  tx: Exec,
  table: WritableTable,
  ids: string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const column: SQL = sql.raw(table.name === 'travelers' ? 'entry_post_id' : 'post_id');
  const rows = await queryRows(
    tx,
    postRowSchema,
    sql`SELECT id::text AS id, ${column}::text AS post FROM ${sql.raw(table.sqlName)} WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.post]));
}

/** The current post of each traveller with one of these ids. */
async function travelerPosts(tx: Exec, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: travelers.id, post: travelers.entryPostId })
    .from(travelers)
    .where(inArray(travelers.id, ids));
  return new Map(rows.map((r) => [r.id, r.post]));
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Fills each item's post (in place, on its row) and returns the items refused (record id ->
 * error code). Tables not scoped by traveller pass through.
 */
export async function postScopeRejections(
  tx: Exec,
  table: WritableTable,
  op: SyncOp,
  items: RoundItem[],
  user: AuthUser,
): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  if (SYNC_TABLE_SPECS[table.name].scope !== 'traveler') return refused;
  const { scope } = user;
  const isTravelers = table.name === 'travelers';
  const stored =
    op === 'create'
      ? new Map<string, string | null>()
      : await storedPosts(
          tx,
          table,
          items.map((i) => i.id),
        );
  const parents = isTravelers
    ? new Map<string, string>()
    : await travelerPosts(tx, [...new Set(items.flatMap((i) => str(i.row?.travelerId) ?? []))]);
  const posts = new Map((await listPosts(tx)).map((p) => [p.id, p]));
  for (const { id, row } of items) {
    let post: string | null;
    if (isTravelers) {
      post = stored.get(id) ?? str(row?.entryPostId) ?? scope.postId;
    } else {
      const parent = parents.get(str(row?.travelerId) ?? '');
      post = parent ?? stored.get(id) ?? scope.postId;
    }
    if (post === null) {
      refused.set(id, 'post.errors.noPost');
      continue;
    }
    const known = posts.get(post);
    if (!known) refused.set(id, 'post.errors.unknownPost');
    else if (!writesPost(scope, post)) refused.set(id, 'post.errors.outOfScope');
    else if (op === 'create' && isTravelers && known.closedAt !== null) refused.set(id, 'post.errors.closed');
    if (refused.has(id) || !row) continue;
    if (isTravelers) row.entryPostId = post;
    else row.postId = post;
  }
  return refused;
}

/**
 * The ids, of those given, whose records of `table` the scope reads (a record it may not read
 * answers as if it did not exist: REST 404, absent from /api/sync/records).
 */
export async function readableIds(
  tx: Exec,
  table: WritableTable,
  ids: string[],
  scope: Pick<AuthUser['scope'], 'readPosts'>,
): Promise<Set<string>> {
  if (SYNC_TABLE_SPECS[table.name].scope !== 'traveler' || scope.readPosts === null) return new Set(ids);
  const stored = await storedPosts(tx, table, ids.filter(isUuid));
  const readable = new Set(scope.readPosts);
  return new Set(ids.filter((id) => readable.has(stored.get(id) ?? '')));
}

/**
 * A REST route's check of a traveller (or a record of it) before it reads or writes: a traveller
 * of a post the caller does not read answers 404, as if it did not exist; one it reads but may
 * not write (an analyst) answers 403. A traveller that does not exist passes (the route answers
 * for it).
 */
export async function requireTravelerAccess(
  db: Exec,
  user: AuthUser,
  travelerId: string,
  mode: 'read' | 'write',
): Promise<void> {
  if (user.scope.readPosts === null && (mode === 'read' || user.scope.writePosts === null)) return;
  if (!isUuid(travelerId)) return;
  const post = (await travelerPosts(db, [travelerId])).get(travelerId);
  if (post === undefined) return;
  if (!readsPost(user.scope, post)) throw notFound();
  if (mode === 'write' && !writesPost(user.scope, post)) throw forbidden();
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
