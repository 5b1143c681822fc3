/**
 * The login session, kept in localStorage under the spec's keys (user, token, isLoggedIn).
 * Restored at start only when all three are present and valid; corrupt data logs out.
 */
import { useSyncExternalStore } from 'react';
import { storage } from '../../lib/storage.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'officer';
  avatar: string | null;
}
export interface Session {
  user: SessionUser;
  token: string;
}

const listeners = new Set<() => void>();
let current: Session | null = readStored();

function readStored(): Session | null {
  const flag = storage.get('isLoggedIn');
  const token = storage.get('token');
  const rawUser = storage.get('user');
  if (flag !== 'true' || !token || !rawUser) {
    if (flag || token || rawUser) clearStored();
    return null;
  }
  try {
    const user = JSON.parse(rawUser) as Partial<SessionUser>;
    if (typeof user.id !== 'string' || typeof user.email !== 'string' || !user.role) throw new Error('bad');
    return {
      user: {
        id: user.id,
        email: user.email,
        name: typeof user.name === 'string' ? user.name : '',
        role: user.role === 'admin' ? 'admin' : 'officer',
        avatar: typeof user.avatar === 'string' ? user.avatar : null,
      },
      token,
    };
  } catch {
    clearStored();
    return null;
  }
}

function clearStored() {
  for (const key of ['user', 'token', 'isLoggedIn', 'userEmail', 'userName']) storage.remove(key);
}

function emit() {
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session) {
  storage.set('user', JSON.stringify(session.user));
  storage.set('token', session.token);
  storage.set('isLoggedIn', 'true');
  storage.set('userEmail', session.user.email);
  storage.set('userName', session.user.name);
  current = session;
  emit();
}

export function updateToken(token: string) {
  if (!current) return;
  storage.set('token', token);
  current = { ...current, token };
  emit();
}

export function clearSession() {
  clearStored();
  current = null;
  emit();
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === 'token' || e.key === 'isLoggedIn' || e.key === 'user' || e.key === null) {
      current = readStored();
      emit();
    }
  });
}

// Installs the silent refresh once the module graph is loaded (a static import would be
// circular: the API client reads this session). Not in unit tests.
if (typeof window !== 'undefined' && import.meta.env.MODE !== 'test') {
  void import('./auth-client.ts').then((m) => m.installAuthRefresh());
}
