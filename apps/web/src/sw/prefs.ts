/**
 * What the service worker needs of the app's settings (language for push texts, the image cache
 * switch and size): the page posts them (SET_PREFS) and the worker keeps them in IndexedDB, as it
 * has no localStorage and may start with no page open (a push).
 */
import { DEFAULT_LOCALE, DEFAULT_PWA_SETTINGS, isLocale, isRecord, type Locale } from '@bh/shared';

export interface SwPrefs {
  locale: Locale;
  cacheImages: boolean;
  /** Megabytes the runtime image cache may hold. */
  maxCacheSize: number;
}

const DEFAULT_SW_PREFS: SwPrefs = {
  locale: DEFAULT_LOCALE,
  cacheImages: DEFAULT_PWA_SETTINGS.cacheImages,
  maxCacheSize: DEFAULT_PWA_SETTINGS.maxCacheSize,
};

/** Keeps only well-formed fields of a posted or stored value. */
export function toSwPrefs(value: unknown): SwPrefs {
  if (!isRecord(value)) return { ...DEFAULT_SW_PREFS };
  const v = value;
  return {
    locale: isLocale(v.locale) ? v.locale : DEFAULT_SW_PREFS.locale,
    cacheImages: typeof v.cacheImages === 'boolean' ? v.cacheImages : DEFAULT_SW_PREFS.cacheImages,
    maxCacheSize:
      typeof v.maxCacheSize === 'number' && Number.isFinite(v.maxCacheSize) && v.maxCacheSize > 0
        ? v.maxCacheSize
        : DEFAULT_SW_PREFS.maxCacheSize,
  };
}

const DB_NAME = 'bh-sw';
const STORE = 'kv';
const KEY = 'prefs';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export async function readSwPrefs(): Promise<SwPrefs> {
  try {
    const db = await open();
    const value = await new Promise<unknown>((resolve, reject) => {
      const req = db.transaction(STORE).objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return toSwPrefs(value);
  } catch {
    return { ...DEFAULT_SW_PREFS };
  }
}

export async function writeSwPrefs(prefs: SwPrefs): Promise<void> {
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(prefs, KEY);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}
