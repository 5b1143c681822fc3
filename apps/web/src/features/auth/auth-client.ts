/**
 * Talking to /api/auth: login, silent refresh and logout. The refresh token lives in an
 * httpOnly cookie the page never sees; the access token and user are in the session.
 * Nothing here touches IndexedDB: logging out or a refused refresh keeps the offline outbox.
 */
import type { AuthAnswer, PostList, WorkScope } from '@bh/shared';
import { ApiError, apiRequest, setRefreshHandler } from '../../lib/api.ts';
import { setOfflineLockDays } from '../../lib/offline-lock.ts';
import { clearSession, getSession, type SessionUser, setSession } from '../../lib/session.ts';
import { keepingPreferences } from '../../lib/storage.ts';
import { createStore } from '../../lib/store.ts';
import { clearWorkScope, setChosenPost, setPosts, setWorkScope } from '../../lib/work-scope.ts';
import { holdForRenewal, OFFLINE_TOKEN, takeHeldCredentials } from './offline-session.ts';

/**
 * Set when the server refused to refresh, so the login page can say why the user is there; it
 * stays until the next login or logout. A store, not a flag read once: the login page may render
 * (or mount) before or again after the refusal, and must show the notice either way.
 */
const sessionExpired = createStore(false);
export const useSessionExpiredNotice = sessionExpired.use;
/** @internal Exported for its tests only (knip --production). */
export function takeSessionExpiredNotice(): boolean {
  const value = sessionExpired.get();
  sessionExpired.set(false);
  return value;
}

const toSessionUser = (u: SessionUser): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role === 'admin' ? 'admin' : 'officer',
  avatar: u.avatar ?? null,
});

/**
 * Checks the credentials; the caller stores the answer with `startSession` when it is ready. The
 * sign-in names this device (lib/device.ts) and the answer says when it locks offline.
 */
export async function requestLogin(email: string, password: string, rememberMe: boolean) {
  // Loaded when someone signs in, not with the start of every page.
  const { deviceId, deviceLabel } = await import('../../lib/device.ts');
  const answer = await apiRequest<AuthAnswer>('/api/auth/login', {
    method: 'POST',
    body: { email: email.trim(), password, rememberMe, deviceId: deviceId(), deviceLabel: deviceLabel() },
    noRefresh: true,
  });
  setOfflineLockDays(answer.offlineLockDays);
  return { user: toSessionUser(answer.user), token: answer.token, scope: answer.scope };
}

/** A session as login answers it: the scope is left out by an offline sign-in (the last one stays). */
interface StartedSession {
  user: SessionUser;
  token: string;
  scope?: WorkScope;
}

/** Keeps the scope of a login or refresh, then (best effort) the posts' names for the top bar. */
function keepScope(scope: WorkScope | undefined) {
  if (!scope) return;
  setWorkScope(scope);
  void apiRequest<PostList>('/api/posts')
    .then((list) => setPosts(list.items))
    .catch(() => {});
}

export function startSession(session: StartedSession) {
  sessionExpired.set(false);
  setSession({ user: session.user, token: session.token });
  // A new session works where the server puts it until the person switches.
  setChosenPost(null);
  keepScope(session.scope);
}

/** Works at another of the officer's posts: the next pull swaps what the device holds. */
export async function switchPost(postId: string): Promise<WorkScope> {
  const scope = await apiRequest<WorkScope>('/api/auth/post', { method: 'POST', body: { postId } });
  setWorkScope(scope);
  setChosenPost(scope.postId);
  return scope;
}

let inflight: Promise<boolean> | null = null;

/**
 * Exchanges the refresh cookie for a new access token. True on success. A refusal (401) ends
 * the session so the user logs in again; a network failure keeps it (offline work goes on).
 * Tabs take turns through a Web Lock: the cookie rotates, and a second tab presenting the
 * old one would look like token theft and end the session everywhere.
 */
export function refreshSession(): Promise<boolean> {
  if (inflight) return inflight;
  const startedWith = getSession()?.token ?? null;
  const run = async (): Promise<boolean> => {
    const now = getSession();
    if (!now) return false;
    if (now.token !== startedWith) return true; // another tab refreshed while we waited
    // A session opened offline is renewed with the password held in memory, if still there.
    if (now.token === OFFLINE_TOKEN && (await renewOfflineSession())) return true;
    try {
      const answer = await apiRequest<AuthAnswer>('/api/auth/refresh', { method: 'POST', noRefresh: true });
      setSession({ user: toSessionUser(answer.user), token: answer.token });
      setOfflineLockDays(answer.offlineLockDays);
      keepScope(answer.scope);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        sessionExpired.set(true);
        clearSession(); // the route guard sends the user to /login
      }
      return false;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  inflight = (locks ? locks.request('bh-auth-refresh', run) : run()).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Signs in for real with the credentials an offline sign-in held; false when it cannot. */
async function renewOfflineSession(): Promise<boolean> {
  const held = takeHeldCredentials();
  if (!held) return false;
  try {
    startSession(await requestLogin(held.email, held.password, false));
    return true;
  } catch (err) {
    // Still no network: keep them for the next try.
    if (err instanceof ApiError && err.isNetwork) holdForRenewal(held.email, held.password);
    return false;
  }
}

/** Tells the server (best effort, so it also works offline) and clears the stored session. */
const beforeLogout = new Set<() => Promise<void>>();
/** Work that needs the session one last time at logout (the push feature drops this browser). */
export function onBeforeLogout(fn: () => Promise<void>): () => void {
  beforeLogout.add(fn);
  return () => beforeLogout.delete(fn);
}

/**
 * Logs out of the server (best effort, so it also works offline) and clears the stored session.
 * `keepPending`: the device still holds unsent changes and locks instead of wiping
 * (docs/decisions/016-encryption-at-rest.md), so the server must not answer Clear-Site-Data.
 */
export async function logout(keepPending = true): Promise<void> {
  await Promise.allSettled([...beforeLogout].map((fn) => fn()));
  if (getSession() && (typeof navigator === 'undefined' || navigator.onLine)) {
    // Without pending changes the answer clears the site's storage (Clear-Site-Data), the
    // language and theme with it: they are written back, the login page keeps the language.
    await keepingPreferences(() =>
      apiRequest(keepPending ? '/api/auth/logout?keep=pending' : '/api/auth/logout', {
        method: 'POST',
        noRefresh: true,
        timeoutMs: 5_000,
      }).catch(() => {}),
    );
  }
  sessionExpired.set(false);
  clearSession();
  clearWorkScope();
}

/** Seconds until the access token expires (negative when expired; -1 when unreadable). */
export function tokenSecondsLeft(token: string, nowMs = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp - Math.floor(nowMs / 1000) : -1;
  } catch {
    return -1;
  }
}

let installed = false;

/**
 * Start-up: API 401s refresh silently; when the connection returns a stale (or offline) session
 * is refreshed; at start a stale token is refreshed only when online (offline, the stored
 * session is enough).
 */
export function installAuthRefresh() {
  if (installed) return;
  installed = true;
  setRefreshHandler(refreshSession);
  // Back online, only a session that needs it is refreshed: one opened offline, or a token about
  // to expire. Rotating a valid token for nothing opened a window in which a page leaving during
  // the refresh lost the new cookie, and its next refresh looked like a stolen token to the
  // server, which then ended the session (seen in e2e as a logout right after reconnecting).
  window.addEventListener('online', () => {
    const session = getSession();
    if (session && tokenSecondsLeft(session.token) < 60) void refreshSession();
  });
  const session = getSession();
  if (session && navigator.onLine && tokenSecondsLeft(session.token) < 60) void refreshSession();
}
