/**
 * Each setting's observable effect (the service worker side of cacheImages / maxCacheSize is
 * tested in sw/image-cache.test.ts, retention in db/retention-repo.test.ts and the cleanup
 * schedule in cleanup-schedule.test.ts).
 */
import { DEFAULT_PWA_SETTINGS, type PwaSettings } from '@bh/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { automaticSyncAllowed, onSyncRequested } from '../../sync/triggers.ts';
import { applyBackgroundSync, postSwPrefs, startSettingsEffects } from './settings-effects.ts';
import { savePwaSettings } from './settings-store.ts';

const settings = (over: Partial<PwaSettings> = {}): PwaSettings => ({ ...DEFAULT_PWA_SETTINGS, ...over });

/** A service worker registration stand-in: what was posted and which syncs were registered. */
function fakeServiceWorker() {
  const posted: unknown[] = [];
  const tags: string[] = [];
  const registration = {
    active: { postMessage: (m: unknown) => posted.push(m) },
    sync: { register: async (tag: string) => void tags.push(tag) },
  };
  const container = Object.assign(new EventTarget(), {
    getRegistration: async () => registration,
    ready: Promise.resolve(registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { posted, tags };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'SyncManager');
  vi.restoreAllMocks();
});

describe('settings effects', () => {
  it('autoSync off: automatic sync triggers are skipped (the button still syncs)', () => {
    startSettingsEffects();
    expect(automaticSyncAllowed()).toBe(true);
    savePwaSettings(settings({ autoSync: false }));
    expect(automaticSyncAllowed()).toBe(false);
    savePwaSettings(settings({ autoSync: true }));
    expect(automaticSyncAllowed()).toBe(true);
  });

  it('cacheImages and maxCacheSize (and the language) go to the service worker', async () => {
    const sw = fakeServiceWorker();
    expect(await postSwPrefs(settings({ cacheImages: false, maxCacheSize: 25 }))).toBe(true);
    expect(sw.posted).toEqual([
      { type: 'SET_PREFS', prefs: { locale: expect.any(String), cacheImages: false, maxCacheSize: 25 } },
    ]);
  });

  it("backgroundSync registers 'pwa-settings-sync' where Background Sync exists", async () => {
    const sw = fakeServiceWorker();
    Object.defineProperty(window, 'SyncManager', { value: class {}, configurable: true });
    expect(await applyBackgroundSync(settings({ backgroundSync: true }))).toBe('registered');
    expect(sw.tags).toEqual(['pwa-settings-sync']);
    expect(await applyBackgroundSync(settings({ backgroundSync: false }))).toBe('off');
    expect(sw.tags).toEqual(['pwa-settings-sync']);
  });

  it('backgroundSync falls back to a sync when the window gets focus; off, focus does nothing', async () => {
    const reasons: string[] = [];
    const stop = onSyncRequested((r) => reasons.push(r));
    expect(await applyBackgroundSync(settings({ backgroundSync: true }))).toBe('focus');
    window.dispatchEvent(new Event('focus'));
    expect(reasons).toEqual(['focus']);
    await applyBackgroundSync(settings({ backgroundSync: false }));
    window.dispatchEvent(new Event('focus'));
    expect(reasons).toEqual(['focus']);
    stop();
  });
});
