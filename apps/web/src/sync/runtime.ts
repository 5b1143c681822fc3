/**
 * The browser's one sync engine and what starts it: start-up, `online`, the page becoming
 * visible, local writes (debounced), a timer, the service worker's SYNC_NOW (Background Sync),
 * a login, and the server answering again after a run that could not reach it (reconnect.ts:
 * Firefox fires no `online` after an offline reload). Web Locks keep one run at a time across
 * tabs; BroadcastChannel shows the running tab's state in the others.
 */
import { db } from '../db/database.ts';
import { getDeviceKeys, subscribeDeviceKeys } from '../lib/device-lock.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { type EngineState, SyncEngine } from './engine.ts';
import { uploadPendingFiles } from './file-uploads.ts';
import { httpTransport } from './http-transport.ts';
import { pushNotice } from './notices.ts';
import { setLocalWriteHooks } from './outbox.ts';
import { sendReadEvents } from './read-events.ts';
import { startReconnectSync, syncOnline } from './reconnect.ts';
import { withSyncLockIfFree } from './run-lock.ts';
import { serialRuns } from './serial-runs.ts';
import { automaticSyncAllowed, notifyLocalWrite, onSyncRequested } from './triggers.ts';
import type { SyncNotice } from './types.ts';

const TIMER_MS = 60_000;

// Local writes start a sync shortly (here or in the syncing tab), and a full disk is told.
setLocalWriteHooks({
  written: notifyLocalWrite,
  quotaExceeded: () => pushNotice({ key: 'sync.errors.quotaExceeded', level: 'error' }),
});

/**
 * One sync client id per user on this device: the server binds a client id to the first user who
 * pushes with it and refuses it to anyone else (409), so officers sharing a device each get theirs.
 */
async function clientId(): Promise<string> {
  const key = `clientId:${getSession()?.user.id ?? ''}`;
  const stored = await db.meta.get(key);
  if (typeof stored?.value === 'string') return stored.value;
  const id = `web-${crypto.randomUUID()}`;
  await db.meta.put({ key, value: id });
  return id;
}

let beforePush: (() => Promise<void>) | undefined;
/** Work to do before each push (file uploads register here). */
export function setBeforePush(fn: () => Promise<void>) {
  beforePush = fn;
}

export const engine = new SyncEngine({
  database: db,
  transport: httpTransport,
  clientId,
  lock: withSyncLockIfFree,
  isOnline: syncOnline,
  canSync: () => getSession() !== null,
  // Files first, so every declaration the push carries refers to a file the server has.
  // The officer's reads go too (audited; their own route, sendReadEvents never throws).
  beforePush: async () => {
    await uploadPendingFiles();
    await sendReadEvents(db);
    await beforePush?.();
  },
  onNotice: (n: SyncNotice) => pushNotice(n),
});

const channel: BroadcastChannel | null =
  typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('bh-sync-state') : null;
let started = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

let reconnect: ReturnType<typeof startReconnectSync> | null = null;

const run = serialRuns(async (reason: string) => {
  // Locked: the records cannot be sealed or opened (docs/decisions/016-encryption-at-rest.md).
  if (!automaticSyncAllowed() || getDeviceKeys() === null) return;
  reconnect?.runStarting();
  const result = await engine.sync();
  reconnect?.runEnded(result);
  if (!result.ran && syncOnline() && getSession() && reason !== 'busy-retry') {
    // Another tab holds the lock: look again shortly so a write made meanwhile is not left waiting.
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void run('busy-retry'), 3000);
  }
  const due = await engine.nextDue();
  if (due !== null && syncOnline()) {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void run('backoff'), Math.max(500, due - Date.now()));
  }
});

/** Starts the triggers once (called by the app shell after the first render). */
export function startSync() {
  if (started) return;
  started = true;
  engine.subscribe((state: EngineState) => channel?.postMessage({ type: 'state', state }));
  channel?.addEventListener('message', (e: MessageEvent<{ type: string; state: EngineState }>) => {
    if (e.data?.type === 'state' && engine.getState().status !== 'syncing') engine.setState(e.data.state);
  });
  onSyncRequested((reason) => {
    // Offline: let the service worker wake a page for us when the connection returns.
    if (reason === 'local-write' && !navigator.onLine) void registerBackgroundSync();
    void run(reason);
  });
  window.addEventListener('online', () => void run('online'));
  reconnect = startReconnectSync({
    hasOutboxRows: async () => (await db.syncQueue.count()) > 0,
    start: (reason) => void run(reason),
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void run('visible');
  });
  setInterval(() => void run('timer'), TIMER_MS);
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'SYNC_NOW') void run('service-worker');
  });
  subscribeDeviceKeys((keys) => {
    if (keys) void run('unlock');
  });
  subscribeSession(() => {
    if (getSession()) {
      engine.resume();
      void run('login');
    }
  });
  void db.meta.get('lastSyncTime').then((m) => {
    if (typeof m?.value === 'number' && engine.getState().lastSyncTime === null)
      engine.setState({ lastSyncTime: m.value });
  });
  // Copies of files nothing refers to any more go, now and after each run (db/file-sweep.ts).
  void import('../db/file-sweep.ts').then((m) => m.sweepAfterRuns(engine, db));
  void run('start-up');
}

/** The force-sync button: fails loudly offline ('Cannot sync while offline'). */
export async function forceSync() {
  engine.resume();
  const result = await engine.sync({ force: true });
  if (result.error) throw new Error(result.error);
}

/** Asks the service worker for a Background Sync after local writes, where supported. */
export async function registerBackgroundSync(tag = 'outbox-sync') {
  try {
    const reg = await navigator.serviceWorker?.ready;
    const sync = (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      ?.sync;
    await sync?.register(tag);
  } catch {
    // Background Sync unsupported or refused: the other triggers still run.
  }
}
