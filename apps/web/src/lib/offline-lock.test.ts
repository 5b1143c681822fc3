import { DEFAULT_OFFLINE_LOCK_DAYS } from '@bh/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { noteReached, offlineLockDays, offlineLocked, setOfflineLockDays } from './offline-lock.ts';

const DAY = 86_400_000;
afterEach(() => localStorage.clear());

describe('the N-days lock', () => {
  it('locks once the server was last reached more than N days ago', () => {
    const t0 = Date.UTC(2026, 10, 1);
    noteReached(t0);
    expect(offlineLockDays()).toBe(DEFAULT_OFFLINE_LOCK_DAYS);
    expect(offlineLocked(t0 + DEFAULT_OFFLINE_LOCK_DAYS * DAY)).toBe(false);
    expect(offlineLocked(t0 + DEFAULT_OFFLINE_LOCK_DAYS * DAY + 1)).toBe(true);
    setOfflineLockDays(3);
    expect(offlineLocked(t0 + 3 * DAY + 1)).toBe(true);
    // Reaching the server again unlocks it.
    noteReached(t0 + 4 * DAY);
    expect(offlineLocked(t0 + 4 * DAY + 1)).toBe(false);
  });

  it('writes the time at most once a minute, and keeps only settings within bounds', () => {
    noteReached(1_000_000);
    noteReached(1_030_000);
    expect(localStorage.getItem('bh-server-reached-at')).toBe('1000000');
    noteReached(1_060_000);
    expect(localStorage.getItem('bh-server-reached-at')).toBe('1060000');
    for (const wrong of [0, 91, 2.5, null, undefined]) setOfflineLockDays(wrong);
    expect(offlineLockDays()).toBe(DEFAULT_OFFLINE_LOCK_DAYS);
  });

  it('starts counting on a device that never noted it', () => {
    expect(offlineLocked(5 * DAY)).toBe(false);
    expect(offlineLocked(5 * DAY + (DEFAULT_OFFLINE_LOCK_DAYS + 1) * DAY)).toBe(true);
  });
});
