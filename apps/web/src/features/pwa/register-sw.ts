/**
 * Registers /sw.js (production builds only) and exposes update state: an update is flagged
 * when a new worker installs while an old one controls the page.
 */
import type { Workbox } from 'workbox-window';
import { createStore, patchStore } from '../../lib/store.ts';

export interface SwState {
  registered: boolean;
  updateAvailable: boolean;
  error: string | null;
}

const swStore = createStore<SwState>({ registered: false, updateAvailable: false, error: null });
let wb: Workbox | null = null;
const set = (next: Partial<SwState>) => patchStore(swStore, next);

export function useSwState(): SwState {
  return swStore.use();
}

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window loads in its own chunk, off the first screen's critical path.
  import('workbox-window')
    .then(({ Workbox: WorkboxWindow }) => {
      wb = new WorkboxWindow('/sw.js');
      wb.addEventListener('waiting', () => set({ updateAvailable: true }));
      return wb.register();
    })
    .then(() => set({ registered: true }))
    .catch((err: unknown) => {
      console.error('service worker registration failed', err);
      set({ error: String(err) });
    });
}

/** Activates the waiting worker and reloads once it controls the page. */
export function applyUpdate() {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
