import { STORAGE_KEYS } from '@bh/shared';

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

/** What a wipe or a logout keeps of local storage: the person's language and theme. */
export const KEPT_PREFERENCES: readonly string[] = [STORAGE_KEYS.locale, STORAGE_KEYS.theme];

/**
 * Runs `work` that may clear the site's storage (a logout answered with Clear-Site-Data, a
 * device wipe) and writes the language and theme back after it, so the login page that follows
 * still speaks the officer's language.
 */
export async function keepingPreferences<T>(work: () => Promise<T>): Promise<T> {
  const kept = KEPT_PREFERENCES.map((key) => [key, storage.get(key)] as const);
  try {
    return await work();
  } finally {
    for (const [key, value] of kept) if (value !== null) storage.set(key, value);
  }
}
