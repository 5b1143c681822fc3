import { beforeEach, describe, expect, it } from 'vitest';
import {
  OFFLINE_ITERATIONS,
  offlineSignInUntil,
  saveOfflineVerifier,
  setOfflineDays,
  verifyOffline,
} from './offline-verifier.ts';

const user = { id: 'u1', email: 'a@b.vn', name: 'A', role: 'officer' as const, avatar: null };

describe('offline verifier', () => {
  beforeEach(() => localStorage.clear());

  // Slowness is the iteration count (600,000 measured 98-102 ms per check on an idle machine, so
  // 1,000,000 is clearly above 100 ms); a wall-clock assertion belongs in a benchmark, not a test.
  it('is slow (1,000,000+ PBKDF2 iterations per check) and salted per user', async () => {
    expect(OFFLINE_ITERATIONS).toBeGreaterThanOrEqual(1_000_000);
    await saveOfflineVerifier('A@b.vn', 'Secret@123', user);
    await saveOfflineVerifier('c@d.vn', 'Secret@123', { ...user, email: 'c@d.vn' });
    const stored = JSON.parse(localStorage.getItem('offline-signin') ?? '{}');
    expect(stored['a@b.vn'].salt).not.toBe(stored['c@d.vn'].salt);
    expect(stored['a@b.vn'].hash).not.toBe(stored['c@d.vn'].hash);
    expect(JSON.stringify(stored)).not.toContain('Secret@123');
    expect(stored['a@b.vn'].iterations).toBe(OFFLINE_ITERATIONS);
  }, 20_000);

  it('still verifies a verifier saved with an older iteration count', async () => {
    const iterations = 600_000;
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode('Secret@123'),
      'PBKDF2',
      false,
      ['deriveBits'],
    );
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
      key,
      256,
    );
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const entry = { salt: b64(salt), iterations, hash: b64(new Uint8Array(bits)), user, savedAt: Date.now() };
    localStorage.setItem('offline-signin', JSON.stringify({ 'a@b.vn': entry }));
    expect(await verifyOffline('a@b.vn', 'Secret@123')).toEqual(user);
    expect(await verifyOffline('a@b.vn', 'Secret@124')).toBeNull();
  }, 20_000);

  it('accepts the right password within N days only', async () => {
    await saveOfflineVerifier('a@b.vn', 'Secret@123', user);
    expect(await verifyOffline(' A@B.vn ', 'Secret@123')).toEqual(user);
    expect(await verifyOffline('a@b.vn', 'wrong')).toBeNull();
    expect(await verifyOffline('x@b.vn', 'Secret@123')).toBeNull();
    const eightDays = Date.now() + 8 * 86_400_000;
    expect(await verifyOffline('a@b.vn', 'Secret@123', eightDays)).toBeNull();
    expect(offlineSignInUntil('a@b.vn')).toBeGreaterThan(Date.now());
    setOfflineDays(0);
    expect(await verifyOffline('a@b.vn', 'Secret@123')).toBeNull();
  }, 20_000);
});
