/**
 * The login session, kept in localStorage under the keys user, token and isLoggedIn (plus
 * userEmail and userName for older readers). Restored at start only when all three are
 * present and valid; corrupt data logs out. It lives in lib/ so the API client and the sync
 * engine read it without depending on a screen (docs/decisions/007-web-layering.md); the
 * auth feature writes it.
 */
import type { AuthAnswer, SessionUser } from '@bh/shared';
import { storage } from './storage.ts';
import { createStore } from './store.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The signed-in user as stored: missing name/avatar and unknown roles are tolerated (any stored
 * role is kept as officer unless it says admin; a missing role logs out). Checked by hand, not
 * with zod: this runs before the first render, and zod is kept off the login screen's
 * JavaScript (scripts/bundle-size.mjs).
 */
function toStoredUser(value: unknown): SessionUser | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.email !== 'string') return null;
  if (!value.role) return null;
  return {
    id: value.id,
    email: value.email,
    name: typeof value.name === 'string' ? value.name : '',
    role: value.role === 'admin' ? 'admin' : 'officer',
    avatar: typeof value.avatar === 'string' ? value.avatar : null,
  };
}

export type { SessionUser };

/**
 * A session is what login and refresh answer: the user and the access token (the scope they
 * also answer is kept by lib/work-scope.ts).
 */
export type Session = Pick<AuthAnswer, 'user' | 'token'>;

const SESSION_KEYS = ['user', 'token', 'isLoggedIn', 'userEmail', 'userName'] as const;

function parseUser(raw: string): SessionUser | null {
  try {
    return toStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function readStored(): Session | null {
  const flag = storage.get('isLoggedIn');
  const token = storage.get('token');
  const rawUser = storage.get('user');
  if (flag !== 'true' || !token || !rawUser) {
    if (flag || token || rawUser) clearStored();
    return null;
  }
  const user = parseUser(rawUser);
  if (!user) {
    clearStored();
    return null;
  }
  return { user, token };
}

function clearStored() {
  for (const key of SESSION_KEYS) storage.remove(key);
}

const sessionStore = createStore<Session | null>(readStored());

export const getSession = sessionStore.get;

export function setSession(session: Session) {
  storage.set('user', JSON.stringify(session.user));
  storage.set('token', session.token);
  storage.set('isLoggedIn', 'true');
  storage.set('userEmail', session.user.email);
  storage.set('userName', session.user.name);
  sessionStore.set(session);
}

/** @internal Exported for its tests only (knip --production). */
export function updateToken(token: string) {
  const current = sessionStore.get();
  if (!current) return;
  storage.set('token', token);
  sessionStore.set({ ...current, token });
}

export function clearSession() {
  clearStored();
  sessionStore.set(null);
}

/** Calls the listener after every login, logout and token change. */
export function subscribeSession(listener: () => void) {
  return sessionStore.subscribe(() => listener());
}

export function useSession(): Session | null {
  return sessionStore.use();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === 'token' || e.key === 'isLoggedIn' || e.key === 'user' || e.key === null) {
      sessionStore.set(readStored());
    }
  });
}
