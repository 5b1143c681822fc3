/**
 * Reading and writing posts and assignments (docs/decisions/014-points-of-entry.md). The post
 * list is small (a country's points of entry) and read by every scoped request, so it is kept in
 * memory for a few seconds; a write in this process forgets it at once.
 */
import { randomUUID } from 'node:crypto';
import {
  isRecord,
  POST_KINDS,
  POST_ROLES,
  type Post,
  type PostAssignment,
  type PostCreate,
  type PostKind,
  type PostName,
  type PostRole,
} from '@bh/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { postAssignments, posts } from '../../db/schema.ts';
import type { Executor } from '../users/store.ts';

const kindOf = (kind: string): PostKind => POST_KINDS.find((k) => k === kind) ?? 'airport';
const roleOf = (role: string): PostRole => POST_ROLES.find((r) => r === role) ?? 'officer';

function nameOf(value: unknown): PostName {
  const v = isRecord(value) ? value : {};
  const text = (k: string) => (typeof v[k] === 'string' ? String(v[k]) : '');
  return { vi: text('vi'), en: text('en') || text('vi'), ja: text('ja') || text('vi') };
}

function fromDb(r: typeof posts.$inferSelect): Post {
  return {
    id: r.id,
    code: r.code,
    name: nameOf(r.name),
    kind: kindOf(r.kind),
    province: r.province,
    timeZone: r.timeZone,
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
    version: r.version,
  };
}

const CACHE_MS = 5_000;
let cached: { until: number; posts: Post[] } | null = null;

/** Forgets the cached post list (after a write of posts in this process). */
export function forgetPosts() {
  cached = null;
}

/** Every post, open and closed, by code. */
export async function listPosts(db: Pick<Db, 'select'>): Promise<Post[]> {
  if (cached && cached.until > Date.now()) return cached.posts;
  const rows = (await db.select().from(posts).orderBy(asc(posts.code))).map(fromDb);
  cached = { until: Date.now() + CACHE_MS, posts: rows };
  return rows;
}

export async function findPost(db: Pick<Db, 'select'>, id: string): Promise<Post | null> {
  return (await listPosts(db)).find((p) => p.id === id) ?? null;
}

export async function insertPost(db: Executor, input: PostCreate): Promise<Post> {
  const [row] = await db
    .insert(posts)
    .values({ id: randomUUID(), ...input })
    .returning();
  forgetPosts();
  if (!row) throw new Error('insert returned no row');
  return fromDb(row);
}

/** Updates a post at `version`; null when the version is stale or the post unknown. */
export async function updatePost(
  db: Executor,
  id: string,
  version: number,
  patch: Partial<{ name: PostName; kind: PostKind; province: string; timeZone: string; closed: boolean }>,
): Promise<Post | null> {
  const { closed, ...rest } = patch;
  const [row] = await db
    .update(posts)
    .set({
      ...rest,
      ...(closed === undefined ? {} : { closedAt: closed ? sql`now()` : null }),
      version: sql`${posts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(posts.id, id), eq(posts.version, version)))
    .returning();
  forgetPosts();
  return row ? fromDb(row) : null;
}

/** A user's assignments. */
export async function assignmentsOf(db: Executor, userId: string): Promise<PostAssignment[]> {
  const rows = await db
    .select({
      role: postAssignments.role,
      postId: postAssignments.postId,
      province: postAssignments.province,
    })
    .from(postAssignments)
    .where(eq(postAssignments.userId, userId));
  return rows.map((r) => ({ role: roleOf(r.role), postId: r.postId, province: r.province }));
}

/** Replaces a user's assignments (in the caller's transaction). */
export async function replaceAssignments(db: Executor, userId: string, list: readonly PostAssignment[]) {
  await db.delete(postAssignments).where(eq(postAssignments.userId, userId));
  if (list.length === 0) return;
  await db.insert(postAssignments).values(
    list.map((a) => ({
      id: randomUUID(),
      userId,
      role: a.role,
      postId: a.role === 'analyst' ? null : a.postId,
      province: a.role === 'analyst' ? a.province : null,
    })),
  );
}

/** Adds one assignment unless the user already has it. */
export async function addAssignment(db: Executor, userId: string, a: PostAssignment) {
  const current = await assignmentsOf(db, userId);
  if (current.some((c) => c.role === a.role && c.postId === a.postId && c.province === a.province)) return;
  await replaceAssignments(db, userId, [...current, a]);
}
