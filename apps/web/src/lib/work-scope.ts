/**
 * Where the signed-in officer works (docs/decisions/014-points-of-entry.md): the session's scope
 * as login, refresh and a post switch answer it (its post, its role there, the posts it may
 * switch to, the key of what the device holds), and the country's posts by id for their names.
 * Kept in localStorage so the top bar names the post offline and after a reload; an offline
 * sign-in keeps the last scope of the same user. Checked by hand, not with zod (it runs before
 * the first render, on the login screen's JavaScript).
 */
import type { Post, WorkScope } from '@bh/shared';
import { storage } from './storage.ts';
import { createStore } from './store.ts';

const SCOPE_KEY = 'workScope';
const POSTS_KEY = 'posts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

const ROLES = ['admin', 'officer', 'supervisor', 'analyst'] as const;

function toScope(value: unknown): WorkScope | null {
  if (!isRecord(value) || typeof value.key !== 'string' || !isStrings(value.posts)) return null;
  const role = ROLES.find((r) => r === value.role);
  if (!role) return null;
  return {
    role,
    postId: typeof value.postId === 'string' ? value.postId : null,
    posts: value.posts,
    readPosts: value.readPosts === null ? null : isStrings(value.readPosts) ? value.readPosts : [],
    key: value.key,
  };
}

function toPosts(value: unknown): Post[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is Post =>
      isRecord(p) && typeof p.id === 'string' && typeof p.code === 'string' && isRecord(p.name),
  );
}

function read<T>(key: string, parse: (value: unknown) => T, fallback: T): T {
  const raw = storage.get(key);
  if (!raw) return fallback;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return fallback;
  }
}

interface WorkPlace {
  scope: WorkScope | null;
  posts: Post[];
}

const store = createStore<WorkPlace>({
  scope: read(SCOPE_KEY, toScope, null),
  posts: read(POSTS_KEY, toPosts, []),
});

export const getWorkPlace = store.get;
export const useWorkPlace = store.use;

/** Keeps the session's scope (login, refresh, switch). */
export function setWorkScope(scope: WorkScope) {
  storage.set(SCOPE_KEY, JSON.stringify(scope));
  store.set({ ...store.get(), scope });
}

/** Keeps the country's posts (GET /api/posts). */
export function setPosts(posts: Post[]) {
  storage.set(POSTS_KEY, JSON.stringify(posts));
  store.set({ ...store.get(), posts });
}

/** Forgets the scope (logout); the post names stay for the next sign-in's top bar. */
export function clearWorkScope() {
  storage.remove(SCOPE_KEY);
  store.set({ ...store.get(), scope: null });
  setChosenPost(null);
}

/** The post new records belong to (null: none, e.g. an analyst). */
export const currentPostId = (): string | null => store.get().scope?.postId ?? null;

const CHOSEN_KEY = 'bh.chosenPost';

function storedChoice(): string | null {
  try {
    return sessionStorage.getItem(CHOSEN_KEY);
  } catch {
    return null;
  }
}

const chosen = createStore<string | null>(storedChoice());

/**
 * The post the signed-in person switched to themself since signing in (kept for the tab); null
 * when the server chose it. An admin's post is the first open one until they switch, so the
 * registration form asks an admin for the post and fills in only one they chose
 * (features/travelers/registration-post.ts).
 */
export const useChosenPost = chosen.use;

/** Keeps the post just switched to, or forgets it (a sign-in). */
export function setChosenPost(postId: string | null) {
  try {
    if (postId) sessionStorage.setItem(CHOSEN_KEY, postId);
    else sessionStorage.removeItem(CHOSEN_KEY);
  } catch {
    // storage unavailable: the choice lives in memory only
  }
  chosen.set(postId);
}
