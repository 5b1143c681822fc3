/**
 * "The server just answered": the API client tells every successful request here, and the sync
 * runtime listens. Firefox does not fire `online` after a page loaded offline gets its network
 * back (and may leave navigator.onLine false), so an answer from the server is the proof that
 * the network is back. No imports: the API client (login screen) and the sync runtime both use it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let reachedAt = 0;

/** Called by the API client after a response it got from the server. */
export function noteServerReached(now = Date.now()) {
  reachedAt = now;
  for (const listener of listeners) listener();
}

export function onServerReached(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when the server answered within the last `withinMs`. */
export function serverReachedRecently(withinMs: number, now = Date.now()): boolean {
  return reachedAt > 0 && now - reachedAt <= withinMs;
}
