/**
 * The push phase of a sync run. Each round scans the outbox once (push-plan.ts) and sends the
 * picked rows in batches, pipelined: batch n+1 is on the wire while batch n is acknowledged.
 * A push without a usable answer: 401 pauses sync until login; 400/403/413/422 send rows one by
 * one so only the bad one fails; 429 waits (Retry-After) without spending a try; 5xx, network
 * errors and time-outs back off and, after the last try, list the rows as failed.
 */
import type { PushResult } from '@bh/shared';
import type { PWADatabase, SyncQueueItem } from '../db/database.ts';
import type { RunResult, SyncNotice } from './engine.ts';
import { type PushPlan, planPush } from './push-plan.ts';
import {
  type AckSummary,
  applyPushResults,
  PUSH_BATCH_SIZE,
  recordPushFailure,
  rejectInvalidRows,
  toMutation,
} from './queue.ts';
import { type SyncTransport, TransportError } from './transport.ts';

/** Batches sent per outbox scan (the scan reads the whole outbox once). */
const PLAN_BATCHES = 20;

export interface PushDeps {
  database: PWADatabase;
  transport: SyncTransport;
  now: () => number;
  random: () => number;
  timed: <T>(phase: string, fn: () => Promise<T>) => Promise<T>;
  onNotice?: (notice: SyncNotice) => void;
  /** Sync stops until the next login (the server answered 401). */
  pause: () => void;
}

export class PushPhase {
  constructor(
    private readonly o: PushDeps,
    private readonly clientId: string,
    private readonly r: RunResult,
    /** Versions this run's pushes were acknowledged at (table:id), so the pull skips their echo. */
    private readonly echoes: Map<string, number>,
  ) {}

  /** Push rounds until nothing is due: each round scans the outbox once and sends its rows. */
  async run() {
    for (;;) {
      const plan = await this.o.timed('select', () =>
        planPush(this.o.database, this.o.now(), PUSH_BATCH_SIZE * PLAN_BATCHES),
      );
      if (plan.rows.length === 0) return;
      if ((await this.pushPlan(plan)) === 'stop') return;
    }
  }

  /**
   * Sends a plan's rows batch by batch, pipelined: batch n+1 is on the wire while batch n is
   * acknowledged (one acknowledgement at a time, in order). Rows of one record never share a
   * plan (planPush picks one per record), so batches are independent of each other.
   */
  private async pushPlan(plan: PushPlan): Promise<'stop' | 'next'> {
    const { database, transport } = this.o;
    const { clientId } = this;
    let acknowledging: Promise<void> = Promise.resolve();
    try {
      for (let at = 0; at < plan.rows.length; at += PUSH_BATCH_SIZE) {
        const batch = plan.rows.slice(at, at + PUSH_BATCH_SIZE);
        const rows = await this.o.timed('validate', () => rejectInvalidRows(database, batch));
        if (rows.length === 0) continue;
        let results: PushResult[];
        try {
          results = (
            await this.o.timed('push', () => transport.push({ clientId, mutations: rows.map(toMutation) }))
          ).results;
        } catch (err) {
          await acknowledging;
          if ((await this.pushFailed(err, rows)) === 'stop') return 'stop';
          continue;
        }
        await acknowledging;
        acknowledging = this.o
          .timed('acknowledge', () => applyPushResults(database, rows, results, plan.hint))
          .then((summary) => {
            this.count(summary);
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

  private rememberEchoes(rows: SyncQueueItem[], results: PushResult[]) {
    const bySeq = new Map(results.map((res) => [res.seq, res]));
    for (const row of rows) {
      const res = bySeq.get(row.id);
      if (res?.status === 'applied' && res.version !== undefined)
        this.echoes.set(`${row.table}:${row.recordId}`, res.version);
    }
  }

  private count(summary: AckSummary) {
    const { r } = this;
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
  private async pushFailed(err: unknown, rows: SyncQueueItem[]): Promise<'stop' | 'next'> {
    const { database } = this.o;
    if (!(err instanceof TransportError)) throw err;
    if (err.status === 401) {
      this.o.pause();
      this.o.onNotice?.({ key: 'errors.unauthorized', level: 'error' });
      return 'stop';
    }
    if (err.status === 400 && rows.length > 1) {
      // The batch as a whole was refused: send its rows one by one to find the bad one.
      for (const row of rows) await this.pushOne(row);
      return 'next';
    }
    if (err.status === 400 || err.status === 403 || err.status === 413 || err.status === 422) {
      const [only] = rows;
      if (only) await this.pushOne(only);
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
  private async pushOne(row: SyncQueueItem) {
    const { r } = this;
    try {
      const res = await this.o.transport.push({ clientId: this.clientId, mutations: [toMutation(row)] });
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
}
