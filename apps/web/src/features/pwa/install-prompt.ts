/**
 * Install state: the browser's install prompt is captured
 * (canInstall), accepting it clears canInstall, the appinstalled event or a standalone display
 * mode mark the app installed. Listeners are attached at start-up (main.tsx) because the event
 * fires once, usually before the settings page is opened.
 */
import { createStore, patchStore } from '../../lib/store.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

// Chromium's install event, which the DOM typings do not list yet.
declare global {
  interface WindowEventMap {
    beforeinstallprompt: BeforeInstallPromptEvent;
  }
}

export interface InstallState {
  canInstall: boolean;
  isInstalled: boolean;
  /** iOS Safari has no install prompt: the page shows "Add to Home Screen" steps instead. */
  iosInstructions: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
const installStore = createStore<InstallState>({
  canInstall: false,
  isInstalled: false,
  iosInstructions: false,
});
let attached = false;
const set = (next: Partial<InstallState>) => patchStore(installStore, next);

const isStandalone = () =>
  (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
  Reflect.get(navigator, 'standalone') === true;

/** Safari on iPhone/iPad (iPadOS reports a Mac with touch); other iOS browsers cannot install either. */
export function isIosSafari(ua: string, maxTouchPoints: number): boolean {
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

export function captureInstallPrompt() {
  if (attached || typeof window === 'undefined') return;
  attached = true;
  if (isStandalone()) set({ isInstalled: true });
  else if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0)) set({ iosInstructions: true });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e;
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

export function useInstallState(): InstallState {
  return installStore.use();
}
