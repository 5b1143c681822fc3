import { describe, expect, it } from 'vitest';
import { DEFAULT_PWA_SETTINGS, mergePwaSettings } from './pwa-settings.ts';

describe('mergePwaSettings', () => {
  it('has the spec defaults', () => {
    const { dataRetentionDays, maxCacheSize, cacheCleanupFrequency, ...flags } = DEFAULT_PWA_SETTINGS;
    expect(flags).toEqual({ autoSync: true, cacheImages: true, backgroundSync: true, autoCleanup: true });
    expect([dataRetentionDays, maxCacheSize, cacheCleanupFrequency]).toEqual([30, 100, 'weekly']);
  });

  it.each([undefined, null, 42, 'not json', '[1,2]', [], true])(
    'falls back to the defaults for %j',
    (stored) => {
      expect(mergePwaSettings(stored)).toEqual(DEFAULT_PWA_SETTINGS);
    },
  );

  it('merges valid stored fields over the defaults', () => {
    expect(
      mergePwaSettings({ autoSync: false, cacheCleanupFrequency: 'daily', dataRetentionDays: 7 }),
    ).toEqual({
      ...DEFAULT_PWA_SETTINGS,
      autoSync: false,
      cacheCleanupFrequency: 'daily',
      dataRetentionDays: 7,
    });
  });

  it('reads the raw JSON text of local storage', () => {
    expect(mergePwaSettings('{"maxCacheSize":250,"autoCleanup":false}')).toMatchObject({
      maxCacheSize: 250,
      autoCleanup: false,
      autoSync: true,
    });
  });

  it('ignores junk values and unknown keys', () => {
    const merged = mergePwaSettings({
      autoSync: 'yes',
      cacheImages: 0,
      dataRetentionDays: 0,
      maxCacheSize: 1e9,
      cacheCleanupFrequency: 'hourly',
      backgroundSync: false,
      evil: '<script>',
      __proto__: { autoCleanup: false },
    });
    expect(merged).toEqual({ ...DEFAULT_PWA_SETTINGS, backgroundSync: false });
    expect(merged).not.toHaveProperty('evil');
  });

  it('returns a fresh object each time', () => {
    const merged = mergePwaSettings(null);
    merged.autoSync = false;
    expect(DEFAULT_PWA_SETTINGS.autoSync).toBe(true);
  });
});
