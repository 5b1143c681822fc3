import { afterEach, describe, expect, it, vi } from 'vitest';

/** The session the module restores at import from what localStorage holds. */
async function restored(user: unknown) {
  localStorage.setItem('isLoggedIn', 'true');
  localStorage.setItem('token', 't');
  localStorage.setItem('user', typeof user === 'string' ? user : JSON.stringify(user));
  vi.resetModules();
  const { getSession } = await import('./session.ts');
  return getSession();
}

afterEach(() => localStorage.clear());

describe('stored session', () => {
  it('restores the user, defaulting a missing name and avatar and any role but admin to officer', async () => {
    expect(await restored({ id: 'u1', email: 'a@b.vn', role: 'inspector', extra: 1 })).toEqual({
      token: 't',
      user: { id: 'u1', email: 'a@b.vn', name: '', role: 'officer', avatar: null },
    });
    expect(
      (await restored({ id: 'u1', email: 'a@b.vn', name: 'A', role: 'admin', avatar: 'x' }))?.user,
    ).toEqual({ id: 'u1', email: 'a@b.vn', name: 'A', role: 'admin', avatar: 'x' });
  });

  it('logs out (clears the keys) when the stored user is corrupt or has no role', async () => {
    for (const bad of [
      '{not json',
      { id: 'u1', email: 'a@b.vn' },
      { id: 1, email: 'a@b.vn', role: 'admin' },
      [],
    ]) {
      expect(await restored(bad)).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
    }
  });
});
