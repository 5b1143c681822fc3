/**
 * A sync as soon as the server answers again. After a page loaded offline, Firefox fires no
 * `online` event when the network returns (and navigator.onLine may stay false), so the outbox
 * waited for the 60 s timer. Any successful API request (a screen's read, the system-status
 * poll) proves the network is back: when the last automatic run could not reach the server and
 * the outbox has rows, a run starts, once per such failure.
 */
import { onServerReached, serverReachedRecently } from '../lib/server-reached.ts';

/** How long an answer from the server counts as "online" when navigator.onLine says otherwise. */
const REACHED_COUNTS_MS = 60_000;

/** The run's error keys that mean the server was not reached at all. */
const UNREACHED_ERRORS = new Set(['errors.network_error', 'errors.timeout_error']);

/** Online for the sync: the browser says so, or the server answered a moment ago. */
export function syncOnline(): boolean {
  const browser = typeof navigator === 'undefined' ? true : navigator.onLine;
  return browser || serverReachedRecently(REACHED_COUNTS_MS);
}

export interface ReconnectSync {
  /** Before each automatic run: its own requests must not ask for another run. */
  runStarting(): void;
  /**
   * After each automatic run: `ran` and `error` as the engine answered. A run that failed for the
   * network, or was skipped while offline, arms the trigger.
   */
  runEnded(result: { ran: boolean; error?: string }): void;
  stop(): void;
}

/** Listens for answers from the server; `start` is the runtime's automatic run. */
export function startReconnectSync(options: {
  hasOutboxRows: () => Promise<boolean>;
  start: (reason: string) => void;
}): ReconnectSync {
  let armed = false;
  let checking = false;
  const stop = onServerReached(() => {
    if (!armed || checking) return;
    checking = true;
    void options
      .hasOutboxRows()
      .then((rows) => {
        if (!rows || !armed) return;
        armed = false;
        options.start('server-reached');
      })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  });
  return {
    runStarting() {
      armed = false;
    },
    runEnded({ ran, error }) {
      armed = ran ? error !== undefined && UNREACHED_ERRORS.has(error) : !syncOnline();
    },
    stop,
  };
}
