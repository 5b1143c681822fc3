/**
 * Persistent storage: after login the app asks the browser not to
 * evict its offline data (navigator.storage.persist()) and keeps the answer to show it; the
 * usage estimate tells how close the device is to its quota.
 */
import { getSession, subscribeSession } from '../../lib/session.ts';
import { createStore, patchStore } from '../../lib/store.ts';

export type PersistResult = 'persisted' | 'not_persisted' | 'unsupported' | 'unknown';

export interface StorageState {
  persist: PersistResult;
  usage: number | null;
  quota: number | null;
  error: string | null;
}

/** Above this share of the quota the page warns before writes start to fail. */
export const QUOTA_WARNING_RATIO = 0.9;

const storageStore = createStore<StorageState>({ persist: 'unknown', usage: null, quota: null, error: null });
let requested = false;
const set = (next: Partial<StorageState>) => patchStore(storageStore, next);

/** Asks for persistent storage once per page load, only with a session (after login). */
export async function requestPersistentStorage(): Promise<PersistResult> {
  const manager = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!manager?.persist) {
    set({ persist: 'unsupported' });
    return 'unsupported';
  }
  try {
    const already = (await manager.persisted?.()) ?? false;
    const granted = already || (await manager.persist());
    const result: PersistResult = granted ? 'persisted' : 'not_persisted';
    set({ persist: result });
    return result;
  } catch (err) {
    set({ persist: 'not_persisted', error: err instanceof Error ? err.message : String(err) });
    return 'not_persisted';
  }
}

export async function refreshStorageEstimate() {
  const manager = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!manager?.estimate) return;
  try {
    const { usage, quota } = await manager.estimate();
    set({ usage: usage ?? null, quota: quota ?? null });
  } catch (err) {
    set({ error: err instanceof Error ? err.message : String(err) });
  }
}

/** Requests persistence now if logged in, and again on the next login. */
export function startStoragePersistence() {
  const tryNow = () => {
    if (!getSession() || requested) return;
    requested = true;
    void requestPersistentStorage();
  };
  tryNow();
  subscribeSession(() => {
    if (!getSession()) requested = false;
    tryNow();
  });
}

export function useStorageState(): StorageState {
  return storageStore.use();
}
