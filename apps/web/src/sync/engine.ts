/**
 * The sync engine: pushes the outbox, then pulls server changes. One run at a time (the
 * `lock` option: Web Locks across tabs in the browser). The transport, clock, randomness and
 * lock are injected so the same code runs in the browser and against a real server in tests.
 *
 * Outcomes per HTTP status: 401 pauses sync until login; 409 per mutation is a
 * conflict; 429 waits (Retry-After) without spending a try; 5xx, network errors and time-outs
 * back off (5 s doubled, jitter) and after 3 tries list the items as failed (retryable, kept,
 * requeued automatically when the server answers again); rejected data is a failed item that
 * blocks only its own record.
 */
import {
  type ChangeRange,
  classifySyncFailure,
  type HeadStart,
  MAX_PULL_SKIP_RANGES,
  mergeChangeRanges,
  serverWentBack,
} from '@bh/shared';
import type { PWADatabase } from '../db/database.ts';
import { hydrateLanding } from '../db/landing/index.ts';
import { createStore } from '../lib/store.ts';
import { foldJournal } from './ack-journal.ts';
import {
  changeScope,
  dropLeftovers,
  getCursor,
  getEpoch,
  getHeadStart,
  getPullScope,
  keepPullScope,
  PULL_PAGE_SIZE,
  preparePage,
  resetCursor,
  savePrepared,
  wantsHeadStart,
} from './pull.ts';
import { PushPhase } from './push-phase.ts';
import { PUSH_BATCH_SIZE } from './push-plan.ts';
import { nextDueTime } from './queue.ts';
import { refetchDiscarded } from './refetch.ts';
import { repairServer } from './repair.ts';
import { AUTO_RETRY_AFTER_MS, retryAllRetryable } from './resolutions.ts';
import { type SyncTransport, TransportError } from './transport.ts';
import type { RunResult, SyncNotice } from './types.ts';

/** The part of the progress bar a fresh device's head start (its travellers) fills. */
const HEAD_SHARE = 0.4;

type EngineStatus = 'idle' | 'syncing' | 'error';
export interface EngineState {
  status: EngineStatus;
  lastSyncTime: number | null;
  /** i18n key of the last problem (errors.* / sync.errors.*), null when fine. */
  lastError: string | null;
  /** Sync stopped until the user logs in again (the server answered 401). */
  paused: boolean;
  /** Progress of a long pull, 0..1, null when none runs. */
  pullProgress: number | null;
}

export interface EngineOptions {
  database: PWADatabase;
  transport: SyncTransport;
  clientId: () => Promise<string>;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  /** Runs fn exclusively; resolves false without running it when another run holds the lock. */
  lock?: (fn: () => Promise<void>) => Promise<boolean>;
  /** Work before each push (e.g. uploading files that mutations reference). */
  beforePush?: () => Promise<void>;
  /** False while nobody is logged in. */
  canSync?: () => boolean;
  onNotice?: (notice: SyncNotice) => void;
  /** Optional: how long each phase took (benchmarks). */
  onTiming?: (phase: string, ms: number) => void;
  /** Most mutations per push (tests use a few, to pipeline many pushes); default the server's limit. */
  pushBatchSize?: number;
  /** Changes per pull page (tests use a few, to pull in many pages); default PULL_PAGE_SIZE. */
  pullPageSize?: number;
  /**
   * Fold the acknowledgement journal after each run (default). Tests turn it off to keep
   * acknowledged records in the journal while the device writes and pulls, and call fold().
   */
  foldAfterRun?: boolean;
}

export class SyncEngine {
  private readonly store = createStore<EngineState>({
    status: 'idle',
    lastSyncTime: null,
    lastError: null,
    paused: false,
    pullProgress: null,
  });
  private readonly o: Required<Omit<EngineOptions, 'beforePush' | 'onNotice' | 'onTiming'>> &
    Pick<EngineOptions, 'beforePush' | 'onNotice' | 'onTiming'>;
  private running: Promise<RunResult> | null = null;
  /** Versions this run's pushes were acknowledged at (table:id), so the pull skips their echo. */
  private readonly echoes = new Map<string, number>();
  /** The background fold of the acknowledgement journal (ack-journal.ts); passes run one at a time. */
  private folding: Promise<void> = Promise.resolve();
  /** A journal left by an earlier page (closed mid-fold) is folded after this engine's first run. */
  private folded = false;
  /**
   * change_seq ranges of this run's applied writes (the push answers' `written`): the pull asks
   * the server to leave those rows out, so pushed travellers are not sent back only to be
   * skipped here as echoes (docs/decisions/002-set-based-sync-apply.md). The echoes stay as the
   * second guard.
   */
  private readonly written: ChangeRange[] = [];

  constructor(options: EngineOptions) {
    this.o = {
      now: () => Date.now(),
      random: Math.random,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      lock: async (fn) => {
        await fn();
        return true;
      },
      canSync: () => true,
      pushBatchSize: PUSH_BATCH_SIZE,
      pullPageSize: PULL_PAGE_SIZE,
      foldAfterRun: true,
      ...options,
    };
  }

  getState(): EngineState {
    return this.store.get();
  }

  subscribe(listener: (s: EngineState) => void) {
    return this.store.subscribe((state) => listener(state));
  }

  /** Set from outside (e.g. after login) or by another tab's broadcast. */
  setState(patch: Partial<EngineState>) {
    this.store.set((state) => ({ ...state, ...patch }));
  }

  resume() {
    if (this.getState().paused) this.setState({ paused: false, lastError: null });
  }

  /** When the next waiting row is due (for a back-off timer). */
  nextDue() {
    return nextDueTime(this.o.database);
  }

  /**
   * Resolves once the records carry every acknowledgement made so far (the journal is folded in
   * the background after each run that acknowledged something) and a fresh pull's landed records
   * are in their stores (db/landing/).
   */
  settled(): Promise<void> {
    return this.folding;
  }

  /**
   * Queues a pass folding the acknowledgement journal into the records, then moving landed records
   * into their stores; resolves when it ran.
   */
  fold(): Promise<void> {
    const { database } = this.o;
    this.folded = true;
    // A failed pass (the page closing, a full disk) leaves the journal as it was: the next
    // run folds it.
    // A task later: what the app does right after a run (the outbox count of the status badge,
    // the list's read) goes first instead of waiting behind the first fold transaction, which
    // holds the outbox and the record stores (docs/decisions/009-acknowledgement-journal.md).
    this.folding = this.folding
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => this.timed('fold', () => foldJournal(database)))
      .then(() => this.timed('hydrate', () => hydrateLanding(database)))
      .then(
        () => undefined,
        () => undefined,
      );
    return this.folding;
  }

  /** One sync run. `force`: fail loudly when offline instead of skipping. */
  async sync(opts: { force?: boolean } = {}): Promise<RunResult> {
    const skipped: RunResult = { ran: false, pushed: 0, conflicts: 0, rejected: 0, pulled: 0 };
    if (!this.o.isOnline()) {
      if (opts.force) throw new Error('Cannot sync while offline');
      return skipped;
    }
    if (!this.o.canSync() || (this.getState().paused && !opts.force)) return skipped;
    if (this.running) return this.running;
    this.running = this.runLocked().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runLocked(): Promise<RunResult> {
    let result: RunResult = { ran: false, pushed: 0, conflicts: 0, rejected: 0, pulled: 0 };
    const got = await this.o.lock(async () => {
      result = await this.run();
    });
    if (!got) return result;
    return result;
  }

  private async run(): Promise<RunResult> {
    const r: RunResult = { ran: true, pushed: 0, conflicts: 0, rejected: 0, pulled: 0 };
    const { database, transport } = this.o;
    this.setState({ status: 'syncing' });
    this.echoes.clear();
    this.written.length = 0;
    try {
      const status = await transport.status();
      const knownEpoch = await getEpoch(database);
      const cursor = await getCursor(database);
      if (serverWentBack({ epoch: knownEpoch, cursor }, status)) {
        // The server lost data (restored backup, new database): send back what we hold.
        await resetCursor(database, status.epoch);
        const count = await repairServer(database);
        this.o.onNotice?.({ key: 'sync.notices.serverRepaired', level: 'warning', params: { count } });
      }
      await retryAllRetryable(database, this.o.now() - AUTO_RETRY_AFTER_MS);
      await this.o.beforePush?.();
      await this.pushAll(r);
      if (this.getState().paused) throw new TransportError(401, 'errors.unauthorized');
      await refetchDiscarded(database, (table, ids) => transport.records(table, ids));
      await this.pullAll(r, status.maxChangeSeq);
      await dropLeftovers(database);
      const at = this.o.now();
      await database.meta.put({ key: 'lastSyncTime', value: at });
      this.setState({ status: 'idle', lastSyncTime: at, lastError: null, pullProgress: null });
    } catch (err) {
      const key = this.noticeFor(err);
      r.error = key;
      this.setState({ status: 'error', lastError: key, pullProgress: null });
    }
    // The run's acknowledgements reach their records after it: the records are on the server
    // already, and the next run, a local write or the pull folds what it needs itself.
    if (this.o.foldAfterRun && (r.pushed > 0 || r.pulled > 0 || !this.folded)) void this.fold();
    return r;
  }

  private noticeFor(err: unknown): string {
    if (err instanceof TransportError) return classifySyncFailure(err.status, err.timedOut).messageKey;
    if (err instanceof Error && err.name === 'QuotaExceededError') return 'sync.errors.quotaExceeded';
    return 'errors.unknown_error';
  }

  private async timed<T>(phase: string, fn: () => Promise<T>): Promise<T> {
    if (!this.o.onTiming) return fn();
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.o.onTiming(phase, performance.now() - t0);
    }
  }

  /** Push rounds until nothing is due (push-phase.ts). */
  private async pushAll(r: RunResult) {
    const clientId = await this.o.clientId();
    await new PushPhase(
      {
        ...this.o,
        timed: (phase, fn) => this.timed(phase, fn),
        pause: () => this.setState({ paused: true }),
      },
      clientId,
      r,
      this.echoes,
      this.written,
    ).run();
  }

  /**
   * Pulls to the end. A fresh device first pulls its travellers alone (the head start,
   * docs/decisions/018-travellers-first.md): its list is complete after them, while their
   * declarations, timelines and check-ins follow in the whole pull from 0, which leaves out the
   * travellers the head start brought. Progress: the head start fills the bar's first 40%.
   */
  private async pullAll(r: RunResult, target: number): Promise<void> {
    const { database } = this.o;
    const start = await getCursor(database);
    // The bar shows from the start, not only once the first page is saved.
    if (target > start) this.setState({ pullProgress: 0 });
    // Kept until the whole pull ends: a pull resumed after some of its pages still leaves out
    // the travellers the head start sent.
    let head = await getHeadStart(database);
    if (start === 0 && head === null && (await wantsHeadStart(database))) head = { to: 0, done: false };
    if (head !== null && !head.done) {
      const from = head.to;
      const share = (cursor: number) => HEAD_SHARE * Math.min(1, cursor / Math.max(1, target));
      const restarted = await this.timed('headStart', () =>
        this.pullPages(r, target, from, () => ({ only: 'travelers' }), share, true),
      );
      if (restarted) return;
      head = await getHeadStart(database);
    }
    const travelersTo = head?.to ?? 0;
    const base = head === null ? 0 : HEAD_SHARE;
    const share = (cursor: number) =>
      base + (1 - base) * Math.min(1, (cursor - start) / Math.max(1, target - start));
    await this.pullPages(
      r,
      target,
      start,
      (after) => (after < travelersTo ? { travelersTo } : {}),
      share,
      false,
    );
  }

  /**
   * Pages after `from` until the last; true when the scope changed and the pull started over
   * (the caller stops: that pull ran to its end).
   */
  private async pullPages(
    r: RunResult,
    target: number,
    from: number,
    head: (after: number) => HeadStart,
    progress: (cursor: number) => number,
    headStart: boolean,
  ): Promise<boolean> {
    const { database, transport } = this.o;
    // At most MAX_PULL_SKIP_RANGES ranges, the widest (pushes interleaved with other writers'
    // leave gaps); echoes the server still sends are skipped by version in preparePage.
    const ranges = mergeChangeRanges(this.written, from)
      .sort((a, b) => b.to - b.from - (a.to - a.from))
      .slice(0, MAX_PULL_SKIP_RANGES)
      .sort((a, b) => a.from - b.from);
    const fetchPage = (after: number) =>
      this.timed('pull', () =>
        transport.pull(
          after,
          this.o.pullPageSize,
          ranges.filter((x) => x.to > after),
          head(after),
        ),
      );
    // Each page is sealed as it arrives (preparePage), while the one before it is written.
    const fetchPrepared = (after: number) => {
      const prepared = fetchPage(after).then((page) => preparePage(database, page, this.echoes));
      // Awaited below, after other work: a failure meanwhile is not an unhandled rejection.
      prepared.catch(() => undefined);
      return prepared;
    };
    let next = fetchPrepared(from);
    let held = await getPullScope(database);
    for (;;) {
      const prepared = await next;
      const { page } = prepared;
      // The server says what this session may hold (its post). A device that holds another
      // scope (the officer switched post or was moved; a device from before posts) drops what it
      // may no longer hold and pulls again from 0, without skips: its own writes were dropped too.
      if (page.scope !== undefined && page.scope !== held) {
        if (held !== null || from > 0 || (await getCursor(database)) > 0) {
          next.catch(() => undefined);
          const { kept } = await changeScope(database, page.scope);
          // Its own writes were dropped too: neither skipped by range nor by version on the way back.
          this.written.length = 0;
          this.echoes.clear();
          if (kept.length > 0)
            this.o.onNotice?.({
              key: 'sync.notices.scopeKept',
              level: 'warning',
              params: { count: kept.length },
            });
          await this.pullAll(r, target);
          return true;
        }
        await keepPullScope(database, page.scope);
        held = page.scope;
      }
      // Pipelined: the next page is on the wire, then sealed, while this one is written (a fresh
      // device pulls tens of pages; sealing a page of 2,000 travellers and writing it take about
      // as long as each other). Pages are still saved in order, each with its cursor, so an interrupted
      // pull resumes after the last page saved. A failed fetch of the next page surfaces when
      // it is awaited, not as an unhandled rejection while this page is saved.
      if (page.hasMore) next = fetchPrepared(page.cursor);
      r.pulled += await this.timed('savePage', () => savePrepared(database, prepared, headStart));
      if (target > 0) this.setState({ pullProgress: progress(page.cursor) });
      if (!page.hasMore) return false;
    }
  }
}
