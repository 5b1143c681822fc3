import { STORAGE_KEYS } from '@bh/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api.ts';
import { getSession, setSession } from '../../lib/session.ts';
import { logout, refreshSession, takeSessionExpiredNotice, tokenSecondsLeft } from './auth-client.ts';

const user = { id: 'u1', name: 'A', email: 'a@demo.vn', role: 'officer' as const, avatar: null };
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('tokenSecondsLeft', () => {
  it('reads exp; unreadable tokens count as expired', () => {
    expect(tokenSecondsLeft(jwt(1_000), 900_000)).toBe(100);
    expect(tokenSecondsLeft('garbage')).toBe(-1);
  });
});

describe('refreshSession', () => {
  it('stores the new token on success', async () => {
    setSession({ user, token: 'old' });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(200, { user, token: 'new' }));
    expect(await refreshSession()).toBe(true);
    expect(getSession()?.token).toBe('new');
  });

  it('keeps the session when offline (network error)', async () => {
    setSession({ user, token: 'old' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    expect(await refreshSession()).toBe(false);
    expect(getSession()?.token).toBe('old');
  });

  it('ends the session when the server refuses, without touching IndexedDB', async () => {
    setSession({ user, token: 'old' });
    const deleteDb = vi.spyOn(indexedDB, 'deleteDatabase');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      reply(401, { error: { code: 'unauthorized', message: 'x' } }),
    );
    expect(await refreshSession()).toBe(false);
    expect(getSession()).toBeNull();
    expect(takeSessionExpiredNotice()).toBe(true);
    expect(deleteDb).not.toHaveBeenCalled();
  });

  it('two refreshes at once make a single call', async () => {
    setSession({ user, token: 'old' });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(200, { user, token: 'new' }));
    await Promise.all([refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('clears the session even when the server cannot be reached', async () => {
    setSession({ user, token: 't' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await logout();
    expect(getSession()).toBeNull();
    expect(apiRequest).toBeTypeOf('function');
  });

  it('keeps the language and theme when the answer clears the site storage (Clear-Site-Data)', async () => {
    setSession({ user, token: 't' });
    localStorage.setItem(STORAGE_KEYS.locale, 'ja');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    // What Clear-Site-Data: "storage" does to local storage before the answer reaches the page.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      localStorage.clear();
      return new Response(null, { status: 204 });
    });
    await logout(false);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('ja');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });
});
