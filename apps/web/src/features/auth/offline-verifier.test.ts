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

  // Slowness is the iteration count (~100 ms or more per check on these machines); a wall-clock
  // assertion here failed on an idle machine (98 ms), so time belongs in a benchmark, not a test.
  it('is slow (600,000+ PBKDF2 iterations per check) and salted per user', async () => {
    expect(OFFLINE_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    await saveOfflineVerifier('A@b.vn', 'Secret@123', user);
    await saveOfflineVerifier('c@d.vn', 'Secret@123', { ...user, email: 'c@d.vn' });
    const stored = JSON.parse(localStorage.getItem('offline-signin') ?? '{}');
    expect(stored['a@b.vn'].salt).not.toBe(stored['c@d.vn'].salt);
    expect(stored['a@b.vn'].hash).not.toBe(stored['c@d.vn'].hash);
    expect(JSON.stringify(stored)).not.toContain('Secret@123');
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
