/**
 * Install state (SPEC section 4, "Install"): the browser's install prompt is captured
 * (canInstall), accepting it clears canInstall, the appinstalled event or a standalone display
 * mode mark the app installed. Listeners are attached at start-up (main.tsx) because the event
 * fires once, usually before the settings page is opened.
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  canInstall: boolean;
  isInstalled: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canInstall: false, isInstalled: false };
let attached = false;
const listeners = new Set<() => void>();
const set = (next: Partial<InstallState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

const isStandalone = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

export function captureInstallPrompt() {
  if (attached || typeof window === 'undefined') return;
  attached = true;
  if (isStandalone()) set({ isInstalled: true });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ isInstalled: true, canInstall: false });
  });
}

/** Shows the captured prompt; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  if (!deferred) return false;
  const event = deferred;
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') {
    deferred = null;
    set({ canInstall: false });
    return true;
  }
  return false;
}

export const getInstallState = () => state;

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getInstallState,
    getInstallState,
  );
}
