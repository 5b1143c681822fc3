/**
 * Benchmark page: the app's real outbox, engine and HTTP transport in Chromium (IndexedDB),
 * driven by bench/sync.bench.mjs through window.bench.
 */
import { db } from '../../apps/web/src/db/database.ts';
import { landedCount } from '../../apps/web/src/db/landing/index.ts';
import { travelerIndex } from '../../apps/web/src/db/travelers-repo.ts';
import { keysFromRaw } from '../../apps/web/src/lib/device-key.ts';
import { unlockDevice } from '../../apps/web/src/lib/device-lock.ts';
import { setSession } from '../../apps/web/src/lib/session.ts';
import { SyncEngine } from '../../apps/web/src/sync/engine.ts';
import { httpTransport } from '../../apps/web/src/sync/http-transport.ts';
import { writeRecords } from '../../apps/web/src/sync/outbox.ts';
import { benchTraveler } from '../bench-traveler.mjs';

// Encryption on, as in the app after sign-in (docs/decisions/016-encryption-at-rest.md): the
// app's database is sealed and this page unlocks it with a key of its own.
unlockDevice(await keysFromRaw(crypto.getRandomValues(new Uint8Array(32))));

// Passports unique to this page load: each trial (and the REST baseline after it) registers new
// travellers, which the server's duplicate guard (same passport and nationality within a day)
// would otherwise refuse from the second trial on.
const RUN = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) =>
  String.fromCharCode(65 + (b % 26)),
).join('');
const traveler = (i: number) => benchTraveler(i, RUN, 'JP');

// Time spent waiting on the server, to split the sync time into server and device work.
// lastPushAt: when the last push was answered, i.e. when the server had every record (the
// pull-back that follows is not part of "on the server", and PouchDB's replicate has none).
// pushMs adds each push's wait, so with pushes overlapping it exceeds the time they spanned.
const noTiming = () => ({
  pushMs: 0,
  pullMs: 0,
  pushes: 0,
  lastPushAt: 0,
  inFlight: 0,
  maxInFlight: 0,
  pulledChanges: 0,
});
const timing = noTiming();
const timedTransport = {
  ...httpTransport,
  async push(body: Parameters<typeof httpTransport.push>[0]) {
    const t = performance.now();
    timing.maxInFlight = Math.max(timing.maxInFlight, ++timing.inFlight);
    try {
      return await httpTransport.push(body);
    } finally {
      timing.inFlight--;
      timing.lastPushAt = performance.now();
      timing.pushMs += timing.lastPushAt - t;
      timing.pushes++;
    }
  },
  async pull(...args: Parameters<typeof httpTransport.pull>) {
    const t = performance.now();
    try {
      // With the skip ranges: the pull-back of the device's own pushes is what they save.
      const page = await httpTransport.pull(...args);
      timing.pulledChanges += page.changes.length;
      return page;
    } finally {
      timing.pullMs += performance.now() - t;
    }
  },
};

// IndexedDB transactions opened by the page (the cost that differs most between machines is
// per transaction, not per byte): counted by wrapping IDBDatabase.transaction.
// Requests (get, put, delete, getAll, cursors...) are counted too: each is a round trip to the
// browser's storage process, so their number is a machine-independent measure of the work.
const idb = { transactions: 0, requests: 0 };
const openTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args) {
  idb.transactions++;
  return openTransaction.apply(this, args);
};
const REQUESTS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'] as const;
const WRITES = ['put', 'add', 'delete', 'clear'] as const;
for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
  for (const name of [...REQUESTS, ...(proto === IDBObjectStore.prototype ? WRITES : [])]) {
    const original: unknown = Reflect.get(proto, name);
    if (typeof original !== 'function') continue;
    Reflect.set(proto, name, function (this: unknown, ...args: unknown[]) {
      idb.requests++;
      return Reflect.apply(original, this, args);
    });
  }
}

const phases: Record<string, number> = {};
/** Called when a fresh pull's head start (its travellers) ends (engine timing 'headStart'). */
let headStartEnded: (() => void) | null = null;
/** When the last syncUntilEmpty started, and the IndexedDB counts when it ended. */
let syncStarted = { t0: 0, tx: 0, rq: 0 };
/** Each phase of the timed runs as [phase, start ms, end ms] from the start of syncUntilEmpty. */
const timeline: [string, number, number][] = [];
const engine = new SyncEngine({
  database: db,
  transport: timedTransport,
  onTiming: (phase, ms) => {
    phases[phase] = (phases[phase] ?? 0) + ms;
    if (phase === 'headStart') headStartEnded?.();
    const end = performance.now() - syncStarted.t0;
    timeline.push([phase, Math.round(end - ms), Math.round(end)]);
  },
  clientId: async () => `bench-${crypto.randomUUID()}`,
});

declare global {
  interface Window {
    bench: unknown;
  }
}

window.bench = {
  login(user: Parameters<typeof setSession>[0]['user'], token: string) {
    setSession({ user, token });
  },
  /** A sync run while online, before the trial (not timed), and its journal folded. */
  async catchUp() {
    const r = await engine.sync({ force: true });
    if (r.error) throw new Error(r.error);
    await engine.settled();
  },
  async createOffline(n: number) {
    const t0 = performance.now();
    const tx0 = idb.transactions;
    const rq0 = idb.requests;
    const chunk = 2000;
    for (let i = 0; i < n; i += chunk) {
      await writeRecords(
        'travelers',
        'create',
        Array.from({ length: Math.min(chunk, n - i) }, (_, k) => traveler(i + k)),
      );
    }
    const transactions = idb.transactions - tx0;
    const requests = idb.requests - rq0;
    return { ms: performance.now() - t0, queued: await db.syncQueue.count(), transactions, requests };
  },
  /** After syncUntilEmpty: until the acknowledgement journal is folded (every record "synced"). */
  async settle() {
    await engine.settled();
    return {
      settledMs: performance.now() - syncStarted.t0,
      settleTransactions: idb.transactions - syncStarted.tx,
      settleRequests: idb.requests - syncStarted.rq,
      stillPending: await db.travelers.filter((t) => t.syncStatus !== 'synced').count(),
    };
  },
  async syncUntilEmpty() {
    // Only this call's runs count (not the catch-up before the trial).
    Object.assign(timing, noTiming());
    for (const k of Object.keys(phases)) delete phases[k];
    timeline.length = 0;
    const t0 = performance.now();
    syncStarted = { t0, tx: 0, rq: 0 };
    const tx0 = idb.transactions;
    const rq0 = idb.requests;
    let runs = 0;
    while ((await db.syncQueue.count()) > 0 && runs < 50) {
      const r = await engine.sync({ force: true });
      runs++;
      if (r.error) throw new Error(r.error);
    }
    const ms = performance.now() - t0;
    const transactions = idb.transactions - tx0;
    const requests = idb.requests - rq0;
    const untilPushedMs = timing.lastPushAt - t0;
    syncStarted = { t0, tx: tx0 + transactions, rq: rq0 + requests };
    return {
      ms,
      untilPushedMs,
      requests,
      runs,
      left: await db.syncQueue.count(),
      transactions,
      timeline,
      ...timing,
      phases,
    };
  },
  /**
   * A fresh device's first sync: everything the server holds pulled into this empty browser.
   * Long tasks (main thread busy > 50 ms) are observed while it runs, and every progress value
   * the engine reports (the bar the officer sees) is kept.
   */
  async pullFresh(withIndex = false) {
    // The app's traveller index follows the pull as it does after login (the list and dashboard).
    const index = withIndex ? travelerIndex(db) : null;
    await index?.settled();
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const progress: number[] = [];
    const stop = engine.subscribe((s) => {
      if (s.pullProgress !== null && s.pullProgress !== progress.at(-1)) progress.push(s.pullProgress);
    });
    const tx0 = idb.transactions;
    const rq0 = idb.requests;
    const t0 = performance.now();
    // The list is usable once the head start's travellers are in the index: timed from there.
    const listReady = new Promise<{ ms: number; listed: number | null }>((resolve) => {
      headStartEnded = () => {
        headStartEnded = null;
        void (async () => {
          await index?.settled();
          const listed = index?.search({}).length ?? null;
          resolve({ ms: performance.now() - t0, listed });
        })();
      };
    });
    const r = await engine.sync({ force: true });
    const ms = performance.now() - t0;
    await index?.settled();
    // Until the list can show every record: its first read after the pull (the list screen's
    // search) merges what the index holds into one sorted list.
    const listed = index?.search({}).length ?? null;
    const indexSettledMs = performance.now() - t0;
    const headStart = phases.headStart === undefined ? null : await listReady;
    const travelersLocal = await db.travelers.count();
    // Let the observer deliver the last entries before it stops.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pullLongTasks = [...longTasks];
    // The pull landed its records packed (db/landing/); the engine moves them into their stores
    // after the run, in the background: timed until none is left, with its own long tasks.
    const landed = await landedCount(db);
    await engine.settled();
    const hydratedMs = performance.now() - t0;
    const landedAfter = await landedCount(db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    stop();
    if (r.error) throw new Error(r.error);
    // The index's own work during the run (user timings it records): pages taken as reported
    // (main thread), re-reads after Dexie's change events, full loads, and the list reads.
    const indexWork = Object.fromEntries(
      ['travelers-index-page', 'travelers-index-changed', 'travelers-index-load', 'travelers-search'].map(
        (name) => {
          const entries = performance.getEntriesByName(name).filter((e) => e.startTime >= t0);
          const total = entries.reduce((sum, e) => sum + e.duration, 0);
          const longest = Math.max(0, ...entries.map((e) => e.duration));
          return [
            name,
            { count: entries.length, totalMs: Math.round(total), longestMs: Math.round(longest) },
          ];
        },
      ),
    );
    return {
      ms,
      indexWork,
      pulled: r.pulled,
      travelersLocal,
      landed,
      landedAfter,
      hydratedMs,
      hydrateLongTasks: longTasks.slice(pullLongTasks.length),
      indexEntries: listed,
      indexSettledMs: index ? indexSettledMs : null,
      /** A head start's end: when the list showed every traveller (ms from the start), and how many. */
      listReadyMs: headStart ? Math.round(headStart.ms) : null,
      listedAtListReady: headStart?.listed ?? null,
      transactions: idb.transactions - tx0,
      requests: idb.requests - rq0,
      longTasks: pullLongTasks,
      progressUpdates: progress.length,
      progressLast: progress.at(-1) ?? null,
      ...timing,
      phases,
    };
  },
  async restEach(n: number, token: string) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await fetch('/api/travelers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: crypto.randomUUID(), ...traveler(5_000_000 + i) }),
      });
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`REST ${res.status}: ${await res.text()}`);
    }
    return { ms: performance.now() - t0 };
  },
};
const state = document.getElementById('state');
if (!state) throw new Error('sync bench page: no #state element to report readiness in');
state.textContent = 'ready';
