/**
 * The system status for the frame: the local record (live from IndexedDB, so it shows offline
 * and picks up records the sync engine pulls) kept fresh by polling the server every 15 s while
 * the page is visible and online, at once on focus or reconnect, and at once when a push arrives
 * (the service worker tells the page: a mode change is pushed to everyone). That bounds how long
 * an open client takes to see a new mode (< 30 s without push, at once with it).
 */
import { DEFAULT_SYSTEM_MODE, type SystemStatusUpdate } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { type LocalSystemStatus, readSystemStatus, saveSystemStatus } from '../../db/system-status-repo.ts';
import { setOfflineLockDays } from '../../lib/offline-lock.ts';
import { fetchSystemStatus, putSystemStatus } from './api.ts';

const POLL_INTERVAL_MS = 15_000;

let inFlight: Promise<void> | null = null;

/** Fetches the status once (coalescing concurrent calls) and keeps it locally. */
export function refreshSystemStatus(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  inFlight ??= fetchSystemStatus()
    .then((status) => {
      // The N-days lock follows the admins' setting during a session too (lib/offline-lock.ts).
      setOfflineLockDays(status.offlineLockDays);
      return saveSystemStatus(status);
    })
    .catch(() => {
      // offline or server down: the last known status stays on screen
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Admin: changes the status on the server (mode, quarantine length), then keeps the answer locally. */
export async function changeSystemStatus(update: SystemStatusUpdate) {
  await saveSystemStatus(await putSystemStatus(update));
}

/** Starts polling while mounted (the layout mounts it once). */
export function useSystemStatusPolling() {
  useEffect(() => {
    const refreshIfVisible = () => {
      if (document.visibilityState === 'visible') void refreshSystemStatus();
    };
    void refreshSystemStatus();
    const onWorkerMessage = (e: MessageEvent<{ type?: string }>) => {
      if (e.data?.type === 'PUSH_RECEIVED') void refreshSystemStatus();
    };
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    const timer = window.setInterval(refreshIfVisible, POLL_INTERVAL_MS);
    window.addEventListener('focus', refreshIfVisible);
    window.addEventListener('online', refreshIfVisible);
    document.addEventListener('visibilitychange', refreshIfVisible);
    return () => {
      window.clearInterval(timer);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      window.removeEventListener('focus', refreshIfVisible);
      window.removeEventListener('online', refreshIfVisible);
      document.removeEventListener('visibilitychange', refreshIfVisible);
    };
  }, []);
}

export interface SystemStatusView extends Partial<LocalSystemStatus> {
  mode: string;
  /** False until a status was ever fetched or pulled: the figures are the spec's initial ones. */
  known: boolean;
}

// Before the first answer only the default mode is shown; the spec's sample figures (15, 32,
// 8, 5) are not, since they would pass for real counts. Unknown figures render as a dash.
const INITIAL: SystemStatusView = { mode: DEFAULT_SYSTEM_MODE, statusText: '', version: 0, known: false };

export function useSystemStatus(): SystemStatusView {
  const local = useLiveQuery(() => readSystemStatus(), []);
  return local ? { ...local, known: true } : INITIAL;
}
