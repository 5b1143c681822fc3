import { DEFAULT_PWA_SETTINGS, type PwaSettings } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { storage } from '../../lib/storage.ts';
import { LAST_CLEANUP_KEY, runCleanupIfDue } from './cleanup-schedule.ts';

const settings = (over: Partial<PwaSettings> = {}): PwaSettings => ({ ...DEFAULT_PWA_SETTINGS, ...over });
const DAY = 86_400_000;

describe('cleanup schedule', () => {
  it('autoCleanup runs on its schedule (daily/weekly/monthly/never) and only when on', async () => {
    const now = Date.UTC(2026, 10, 24);
    await db.travelers.put({
      id: 'old',
      fullName: 'Old',
      passportNo: 'P1',
      nationality: 'VN',
      entryDate: '2026-01-01',
      status: 'pending',
      version: 1,
      syncStatus: 'synced',
      lastModified: now - 40 * DAY,
    });
    expect(await runCleanupIfDue(settings({ autoCleanup: false }), now)).toBeNull();
    expect(await runCleanupIfDue(settings({ cacheCleanupFrequency: 'never' }), now)).toBeNull();
    storage.set(LAST_CLEANUP_KEY, String(now - 3 * DAY));
    expect(await runCleanupIfDue(settings({ cacheCleanupFrequency: 'weekly' }), now)).toBeNull();
    expect(await db.travelers.count()).toBe(1);
    // Daily is due after 3 days; a 60-day retention keeps the 40-day-old record, 30 removes it.
    expect(
      await runCleanupIfDue(settings({ cacheCleanupFrequency: 'daily', dataRetentionDays: 60 }), now),
    ).toEqual({
      travelers: 0,
      declarations: 0,
    });
    expect(await runCleanupIfDue(settings({ cacheCleanupFrequency: 'daily' }), now)).toBeNull();
    expect(await runCleanupIfDue(settings({ cacheCleanupFrequency: 'daily' }), now + DAY)).toEqual({
      travelers: 1,
      declarations: 0,
    });
    expect(storage.get(LAST_CLEANUP_KEY)).toBe(String(now + DAY));
  });
});
