/**
 * What each offline-app setting does, applied at start-up and on every save:
 * - autoSync: off, the automatic sync triggers do nothing (sync/triggers.ts gate); the button works.
 * - cacheImages, maxCacheSize: posted to the service worker, which caches images only while on
 *   and trims its image cache to maxCacheSize MB (sw/image-cache.ts); off empties it.
 * - backgroundSync: registers the 'pwa-settings-sync' Background Sync where supported, else
 *   syncs when the window gets focus.
 * - dataRetentionDays, autoCleanup, cacheCleanupFrequency: cleanup-schedule.ts.
 * The service worker also gets the language, for push notification texts.
 */
import type { PwaSettings } from '@bh/shared';
import i18next from 'i18next';
import { toLocale } from '../../i18n/index.ts';
import type { SwPrefs } from '../../sw/prefs.ts';
import { registerBackgroundSync } from '../../sync/runtime.ts';
import { requestSync, setAutomaticSyncGate } from '../../sync/triggers.ts';
import { startCleanupSchedule } from './cleanup-schedule.ts';
import { loadPwaSettings } from './settings-store.ts';

const BACKGROUND_SYNC_TAG = 'pwa-settings-sync';

function swPrefsOf(settings: PwaSettings, language: string | undefined): SwPrefs {
  return {
    locale: toLocale(language),
    cacheImages: settings.cacheImages,
    maxCacheSize: settings.maxCacheSize,
  };
}

/** Tells the active service worker the current preferences (no worker: nothing to tell). */
export async function postSwPrefs(settings: PwaSettings = loadPwaSettings()): Promise<boolean> {
  const reg = await navigator.serviceWorker?.getRegistration();
  const worker = reg?.active;
  if (!worker) return false;
  worker.postMessage({ type: 'SET_PREFS', prefs: swPrefsOf(settings, i18next.language) });
  return true;
}

const syncOnFocus = () => requestSync('focus');

/** 'registered' (Background Sync), 'focus' (fallback) or 'off'. */
export async function applyBackgroundSync(settings: PwaSettings): Promise<'registered' | 'focus' | 'off'> {
  window.removeEventListener('focus', syncOnFocus);
  if (!settings.backgroundSync) return 'off';
  if ('SyncManager' in window && navigator.serviceWorker) {
    await registerBackgroundSync(BACKGROUND_SYNC_TAG);
    return 'registered';
  }
  window.addEventListener('focus', syncOnFocus);
  return 'focus';
}

/** Applies saved settings now (start-up and after a save). */
export async function applyPwaSettings(settings: PwaSettings = loadPwaSettings()) {
  await Promise.all([postSwPrefs(settings), applyBackgroundSync(settings)]);
}

let started = false;
export function startSettingsEffects() {
  if (started) return;
  started = true;
  setAutomaticSyncGate(() => loadPwaSettings().autoSync);
  i18next.on('languageChanged', () => void postSwPrefs());
  // A new worker (first install or an update) starts with stored or default preferences.
  navigator.serviceWorker?.addEventListener('controllerchange', () => void postSwPrefs());
  void applyPwaSettings();
  startCleanupSchedule(loadPwaSettings);
}
