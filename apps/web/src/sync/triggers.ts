/**
 * What makes the sync engine run: local writes (debounced), and anything else that calls
 * `requestSync`. The engine subscribes; other tabs hear about writes through BroadcastChannel.
 */
type Listener = (reason: string) => void;
const listeners = new Set<Listener>();
const WRITE_DEBOUNCE_MS = 800;
let debounce: ReturnType<typeof setTimeout> | null = null;
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('bh-sync-writes') : null;

export function onSyncRequested(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let automatic: () => boolean = () => true;
/**
 * The autoSync setting: while it answers false, automatic runs (writes, online, focus, timer,
 * service worker, login) are skipped; the sync button (forceSync) still works.
 */
export function setAutomaticSyncGate(allowed: () => boolean) {
  automatic = allowed;
}
export const automaticSyncAllowed = () => automatic();

export function requestSync(reason: string) {
  for (const l of listeners) l(reason);
}

/** Called after every local write: a sync follows shortly, in this tab or the syncing one. */
export function notifyLocalWrite() {
  if (debounce) clearTimeout(debounce);
  debounce = setTimeout(() => {
    debounce = null;
    requestSync('local-write');
    channel?.postMessage({ type: 'write' });
  }, WRITE_DEBOUNCE_MS);
}

channel?.addEventListener('message', () => requestSync('other-tab-write'));
// In Node (tests) an open channel must not keep the process alive.
if (channel && 'unref' in channel && typeof channel.unref === 'function') channel.unref();
