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
import type { PullResponse, PushRequest, PushResponse, PushResult, SyncStatusResponse } from '@bh/shared';
import type { PWADatabase } from '../db/database.ts';
import { createStore } from '../lib/store.ts';
import { getCursor, getEpoch, PULL_PAGE_SIZE, resetCursor, savePage } from './pull.ts';
import { type PushPlan, planPush } from './push-plan.ts';
import {
  type AckSummary,
  applyPushResults,
  nextDueTime,
  PUSH_BATCH_SIZE,
  recordPushFailure,
  rejectInvalidRows,
  toMutation,
} from './queue.ts';
import { refetchDiscarded } from './refetch.ts';
import { repairServer } from './repair.ts';
import { AUTO_RETRY_AFTER_MS, retryAllRetryable } from './resolutions.ts';

/** Batches sent per outbox scan (the scan reads the whole outbox once). */
const PLAN_BATCHES = 20;

export class TransportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface SyncTransport {
  push(body: PushRequest): Promise<PushResponse>;
  pull(cursor: number, limit: number): Promise<PullResponse>;
  status(): Promise<SyncStatusResponse>;
  /** The server's current copy of some records (for records whose local change was discarded). */
  records(table: string, ids: string[]): Promise<{ records: Record<string, unknown>[] }>;
}

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

export interface SyncNotice {
  key: string;
  level: 'info' | 'warning' | 'error';
  params?: Record<string, unknown>;
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
}

export interface RunResult {
  ran: boolean;
  pushed: number;
  conflicts: number;
  rejected: number;
  pulled: number;
  error?: string;
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
    try {
      const status = await transport.status();
      const knownEpoch = await getEpoch(database);
      const cursor = await getCursor(database);
      if (knownEpoch && (knownEpoch !== status.epoch || status.maxChangeSeq < cursor)) {
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
      const at = this.o.now();
      await database.meta.put({ key: 'lastSyncTime', value: at });
      this.setState({ status: 'idle', lastSyncTime: at, lastError: null, pullProgress: null });
    } catch (err) {
      const key = this.noticeFor(err);
      r.error = key;
      this.setState({ status: 'error', lastError: key, pullProgress: null });
    }
    return r;
  }

  private noticeFor(err: unknown): string {
    if (err instanceof TransportError) {
      if (err.status === 401) return 'errors.unauthorized';
      if (err.status === 0) return err.timedOut ? 'errors.timeout_error' : 'errors.network_error';
      if (err.status === 429) return 'errors.rate_limited';
      if (err.status >= 500) return 'errors.server_error';
      if (err.status === 400 || err.status === 422) return 'errors.validation_error';
      return 'errors.unknown_error';
    }
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

  /** Push rounds until nothing is due: each round scans the outbox once and sends its rows. */
  private async pushAll(r: RunResult) {
    const clientId = await this.o.clientId();
    for (;;) {
      const plan = await this.timed('select', () =>
        planPush(this.o.database, this.o.now(), PUSH_BATCH_SIZE * PLAN_BATCHES),
      );
      if (plan.rows.length === 0) return;
      if ((await this.pushPlan(clientId, plan, r)) === 'stop') return;
    }
  }

  /**
   * Sends a plan's rows batch by batch, pipelined: batch n+1 is on the wire while batch n is
   * acknowledged (one acknowledgement at a time, in order). Rows of one record never share a
   * plan (planPush picks one per record), so batches are independent of each other.
   */
  private async pushPlan(clientId: string, plan: PushPlan, r: RunResult): Promise<'stop' | 'next'> {
    const { database, transport } = this.o;
    let acknowledging: Promise<void> = Promise.resolve();
    try {
      for (let at = 0; at < plan.rows.length; at += PUSH_BATCH_SIZE) {
        const batch = plan.rows.slice(at, at + PUSH_BATCH_SIZE);
        const rows = await this.timed('validate', () => rejectInvalidRows(database, batch));
        if (rows.length === 0) continue;
        let results: PushResult[];
        try {
          results = (
            await this.timed('push', () => transport.push({ clientId, mutations: rows.map(toMutation) }))
          ).results;
        } catch (err) {
          await acknowledging;
          if ((await this.pushFailed(err, clientId, rows, r)) === 'stop') return 'stop';
          continue;
        }
        await acknowledging;
        acknowledging = this.timed('acknowledge', () =>
          applyPushResults(database, rows, results, plan.hint),
        ).then((summary) => {
          this.count(summary, r);
          this.rememberEchoes(rows, results);
        });
        // Handled here so a failure while the next push is on the wire is not reported as
        // unhandled; it is still thrown by the next `await acknowledging`.
        acknowledging.catch(() => undefined);
      }
    } finally {
      // Never leave an acknowledgement running behind a failure (its rows are answered).
      await acknowledging.catch(() => undefined);
    }
    await acknowledging;
    return 'next';
  }

  private rememberEchoes(rows: Parameters<typeof toMutation>[0][], results: PushResult[]) {
    const bySeq = new Map(results.map((res) => [res.seq, res]));
    for (const row of rows) {
      const res = bySeq.get(row.id);
      if (res?.status === 'applied' && res.version !== undefined)
        this.echoes.set(`${row.table}:${row.recordId}`, res.version);
    }
  }

  private count(summary: AckSummary, r: RunResult) {
    r.pushed += summary.applied;
    r.conflicts += summary.conflicts;
    r.rejected += summary.rejected;
    if (summary.conflicts > 0)
      this.o.onNotice?.({
        key: 'sync.notices.conflicts',
        level: 'warning',
        params: { count: summary.conflicts },
      });
    if (summary.rejected > 0)
      this.o.onNotice?.({
        key: 'errors.validation_error',
        level: 'error',
        params: { count: summary.rejected },
      });
  }

  /** A push without a usable answer: 'stop' ends the push phase quietly, others throw or go on. */
  private async pushFailed(
    err: unknown,
    clientId: string,
    rows: Parameters<typeof toMutation>[0][],
    r: RunResult,
  ): Promise<'stop' | 'next'> {
    const { database } = this.o;
    if (!(err instanceof TransportError)) throw err;
    if (err.status === 401) {
      this.setState({ paused: true });
      this.o.onNotice?.({ key: 'errors.unauthorized', level: 'error' });
      return 'stop';
    }
    if (err.status === 400 && rows.length > 1) {
      // The batch as a whole was refused: send its rows one by one to find the bad one.
      for (const row of rows) await this.pushOne(clientId, row, r);
      return 'next';
    }
    if (err.status === 400 || err.status === 403 || err.status === 413 || err.status === 422) {
      const [only] = rows;
      if (only) await this.pushOne(clientId, only, r);
      return 'next';
    }
    if (err.status === 429) {
      const wait = err.retryAfterMs ?? 30_000;
      await database.syncQueue.bulkUpdate(
        rows.map((row) => ({ key: row.id, changes: { nextAttemptAt: this.o.now() + wait } })),
      );
      this.o.onNotice?.({ key: 'errors.rate_limited', level: 'warning' });
      throw err;
    }
    await recordPushFailure(
      database,
      rows,
      { errorType: err.status === 0 ? 'network' : 'max_retries_exceeded', message: err.message },
      this.o.now(),
      this.o.random,
    );
    throw err;
  }

  /** Sends a single row; an envelope refusal makes it a failed item instead of blocking all. */
  private async pushOne(clientId: string, row: Parameters<typeof toMutation>[0], r: RunResult) {
    try {
      const res = await this.o.transport.push({ clientId, mutations: [toMutation(row)] });
      const s = await applyPushResults(this.o.database, [row], res.results);
      r.pushed += s.applied;
      r.conflicts += s.conflicts;
      r.rejected += s.rejected;
    } catch (err) {
      if (
        err instanceof TransportError &&
        err.status >= 400 &&
        err.status < 500 &&
        err.status !== 401 &&
        err.status !== 429
      ) {
        await applyPushResults(
          this.o.database,
          [row],
          [{ seq: row.id, status: 'rejected', errors: [{ code: `http_${err.status}` }] }],
        );
        r.rejected++;
        return;
      }
      throw err;
    }
  }

  private async pullAll(r: RunResult, target: number) {
    const { database, transport } = this.o;
    let cursor = await getCursor(database);
    const start = cursor;
    // The bar shows from the start, not only once the first page is saved.
    if (target > start) this.setState({ pullProgress: 0 });
    for (;;) {
      const page = await this.timed('pull', () => transport.pull(cursor, PULL_PAGE_SIZE));
      r.pulled += await this.timed('savePage', () => savePage(database, page, this.echoes));
      cursor = page.cursor;
      if (target > start) this.setState({ pullProgress: Math.min(1, (cursor - start) / (target - start)) });
      if (!page.hasMore) return;
    }
  }
}
