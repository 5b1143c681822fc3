/**
 * The offline-app settings in local storage under 'pwa-settings', merged over the defaults on
 * load. A failed write (quota, private mode) is reported to the caller.
 */
import { DEFAULT_PWA_SETTINGS, mergePwaSettings, type PwaSettings, STORAGE_KEYS } from '@bh/shared';
import { storage } from '../../lib/storage.ts';

export function loadPwaSettings(): PwaSettings {
  return mergePwaSettings(storage.get(STORAGE_KEYS.pwaSettings));
}

/** False when the browser refused the write. */
export function savePwaSettings(settings: PwaSettings): boolean {
  return storage.set(STORAGE_KEYS.pwaSettings, JSON.stringify(settings));
}

export function defaultPwaSettings(): PwaSettings {
  return { ...DEFAULT_PWA_SETTINGS };
}
