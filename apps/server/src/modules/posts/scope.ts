/**
 * The scope of a request (docs/decisions/014-points-of-entry.md): which posts' records the
 * caller reads and writes, the post new records belong to, and the key of what a device of the
 * session holds. Resolved from the account's role, its assignments and the session's chosen
 * post; kept per session for a moment so that a burst of requests costs one lookup.
 *
 * - admin: every post (national); works at the session's post, or the first open one.
 * - officer, supervisor: the one post the session works at, of those they are assigned to.
 * - analyst: reads a province's posts (or every post), writes nothing, works at no post.
 * - anyone else (no assignment yet): reads and writes nothing.
 */
import type { Post, PostAssignment, Role, WorkScope } from '@bh/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../users/store.ts';
import { assignmentsOf, listPosts } from './store.ts';

export interface Scope extends WorkScope {
  /** Posts where the caller may write; null for every post. */
  writePosts: readonly string[] | null;
}

/** The scope of a request before its session was checked: nothing. */
export const NO_SCOPE: Scope = Object.freeze({
  role: 'officer',
  postId: null,
  posts: [],
  readPosts: [],
  writePosts: [],
  key: 'none',
});

/** Every post, read and write (server jobs and seeds acting for the system). */
export const NATIONAL_SCOPE: Scope = Object.freeze({
  role: 'admin',
  postId: null,
  posts: [],
  readPosts: null,
  writePosts: null,
  key: 'all',
});

/** The scope of an account at a chosen post (pure: the posts and assignments are given). */
export function scopeOf(
  role: Role,
  assignments: readonly PostAssignment[],
  allPosts: readonly Post[],
  chosen: string | null,
): Scope {
  const open = allPosts.filter((p) => p.closedAt === null);
  if (role === 'admin') {
    const post = open.find((p) => p.id === chosen) ?? open[0] ?? null;
    return { ...NATIONAL_SCOPE, postId: post?.id ?? null, posts: open.map((p) => p.id) };
  }
  const workable = open.filter((p) =>
    assignments.some((a) => a.postId === p.id && (a.role === 'officer' || a.role === 'supervisor')),
  );
  const analyst = assignments.find((a) => a.role === 'analyst');
  const post =
    workable.find((p) => p.id === chosen) ?? (analyst && chosen === null ? undefined : workable[0]);
  if (post) {
    const at = assignments.find((a) => a.postId === post.id && a.role === 'supervisor')
      ? 'supervisor'
      : 'officer';
    return {
      role: at,
      postId: post.id,
      posts: workable.map((p) => p.id),
      readPosts: [post.id],
      writePosts: [post.id],
      key: `post:${post.id}`,
    };
  }
  if (analyst) {
    const province = analyst.province;
    return {
      role: 'analyst',
      postId: null,
      posts: workable.map((p) => p.id),
      readPosts: province === null ? null : allPosts.filter((p) => p.province === province).map((p) => p.id),
      writePosts: [],
      key: province === null ? 'all' : `province:${province}`,
    };
  }
  return NO_SCOPE;
}

/** Reads what scopeOf needs and resolves the scope. */
export async function resolveScope(db: Executor, userId: string, role: Role, chosen: string | null) {
  const [assignments, allPosts] = await Promise.all([
    role === 'admin' ? Promise.resolve([]) : assignmentsOf(db, userId),
    listPosts(db),
  ]);
  return scopeOf(role, assignments, allPosts, chosen);
}

/** True when the scope reads the post's records. */
export const readsPost = (scope: Scope, postId: string | null) =>
  scope.readPosts === null || (postId !== null && scope.readPosts.includes(postId));

/** True when the scope writes the post's records. */
export const writesPost = (scope: Scope, postId: string | null) =>
  scope.writePosts === null || (postId !== null && scope.writePosts.includes(postId));

/** The scope as a session sees it (login, refresh, switch): without the write list. */
export const workScope = ({ writePosts: _w, ...scope }: Scope): WorkScope => scope;

/**
 * The drizzle condition "the row's post is one the scope reads" on a post column; undefined for
 * a scope that reads every post (and() drops it). A scope that reads no post matches nothing.
 */
export function readableBy(
  column: AnyPgColumn,
  scope: { readPosts: readonly string[] | null },
): SQL | undefined {
  if (scope.readPosts === null) return undefined;
  if (scope.readPosts.length === 0) return sql`false`;
  return inArray(column, [...scope.readPosts]);
}
