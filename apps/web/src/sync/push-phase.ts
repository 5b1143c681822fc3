/**
 * The push phase of a sync run. Each round scans the outbox once (push-plan.ts, streaming) and
 * sends the picked rows in batches, pipelined: two pushes on the wire, and each answered batch
 * acknowledged while the next ones are sent.
 * A push without a usable answer: 401 pauses sync until login; 400/403/413/422 send rows one by
 * one so only the bad one fails; 429 waits (Retry-After) without spending a try; 5xx, network
 * errors and time-outs back off and, after the last try, list the rows as failed.
 */
import { type ChangeRange, classifySyncFailure, type PushResponse, type PushResult } from '@bh/shared';
import type { PWADatabase, SyncQueueItem } from '../db/database.ts';
import { PushPlan } from './push-plan.ts';
import {
  type AckSummary,
  applyPushResults,
  openMutations,
  recordPushFailure,
  rejectInvalidRows,
} from './queue.ts';
import { type SyncTransport, TransportError } from './transport.ts';
import type { RunResult, SyncNotice } from './types.ts';

/** Batches sent per outbox scan (the scan reads the whole outbox once). */
const PLAN_BATCHES = 20;
/**
 * Pushes on the wire at once. With one, the server idled while each answer travelled back and
 * the next request was built and parsed; with two it starts the next batch as soon as it
 * commits one.
 */
const IN_FLIGHT = 2;

interface Sent {
  rows: SyncQueueItem[];
  answer: Promise<PushResponse>;
}
type Answered = { rows: SyncQueueItem[]; results: PushResult[]; written?: ChangeRange[] };
type Settled = Answered | { rows: SyncQueueItem[]; err: unknown };

/** A push's outcome, without throwing. */
const settle = async ({ rows, answer }: Sent): Promise<Settled> => {
  try {
    const { results, written } = await answer;
    return { rows, results, written };
  } catch (err) {
    return { rows, err };
  }
};

export interface PushDeps {
  database: PWADatabase;
  transport: SyncTransport;
  now: () => number;
  random: () => number;
  timed: <T>(phase: string, fn: () => Promise<T>) => Promise<T>;
  onNotice?: (notice: SyncNotice) => void;
  /** Sync stops until the next login (the server answered 401). */
  pause: () => void;
  /** Most mutations per push. */
  pushBatchSize: number;
}

export class PushPhase {
  private ackFailed = false;

  constructor(
    private readonly o: PushDeps,
    private readonly clientId: string,
    private readonly r: RunResult,
    /** Versions this run's pushes were acknowledged at (table:id), so the pull skips their echo. */
    private readonly echoes: Map<string, number>,
    /** change_seq ranges the acknowledged pushes' writes took (their answers' `written`). */
    private readonly written: ChangeRange[],
  ) {}

  /** Push rounds until nothing is due: each round scans the outbox once and sends its rows. */
  async run() {
    for (;;) {
      const { pushBatchSize } = this.o;
      const plan = new PushPlan(this.o.database, this.o.now(), pushBatchSize * PLAN_BATCHES, pushBatchSize);
      // The scan runs alongside the first pushes; its time is reported once it ends.
      this.o.timed('select', () => plan.hint).catch(() => undefined);
      const outcome = await this.pushPlan(plan);
      if (outcome !== 'next') return;
    }
  }

  /**
   * Sends a plan's rows batch by batch, pipelined: up to IN_FLIGHT pushes are on the wire (so
   * the server always has the next batch waiting when it finishes one), and each answered batch
   * is acknowledged while later ones are sent (one acknowledgement at a time, in order). Rows of
   * one record never share a plan (PushPlan picks one per record), so batches are independent:
   * the server keys exactly-once by (clientId, seq), whatever order the pushes arrive in.
   */
  private async pushPlan(plan: PushPlan): Promise<'stop' | 'next' | 'empty'> {
    const { database } = this.o;
    const inFlight: Sent[] = [];
    let acknowledging: Promise<void> = Promise.resolve();
    let sent = 0;
    let more = true;
    const send = async () => {
      while (more) {
        const batch = await plan.next();
        if (batch.length === 0) {
          more = false;
          return;
        }
        sent++;
        const rows = await this.o.timed('validate', () => rejectInvalidRows(database, batch));
        if (rows.length === 0) continue;
        const mutations = await openMutations(database, rows);
        const answer = this.o.timed('push', () =>
          this.o.transport.push({ clientId: this.clientId, mutations }),
        );
        // Handled where it is awaited, in order; never an unhandled rejection meanwhile.
        answer.catch(() => undefined);
        inFlight.push({ rows, answer });
        return;
      }
    };
    try {
      while (inFlight.length < IN_FLIGHT && more) await send();
      if (sent === 0) return 'empty';
      for (let head = inFlight.shift(); head; head = inFlight.shift()) {
        const answered = await settle(head);
        if ('err' in answered) {
          // No more sends: answer every push still on the wire, then handle each failure.
          more = false;
          const rest = await Promise.all(inFlight.splice(0).map(settle));
          for (const ok of rest)
            if ('results' in ok) acknowledging = this.acknowledge(acknowledging, ok, plan);
          await acknowledging;
          return await this.handleFailures([answered, ...rest]);
        }
        // A failed acknowledgement stops the sends (it is thrown below); the rows stay queued.
        if (this.ackFailed) more = false;
        await send();
        acknowledging = this.acknowledge(acknowledging, answered, plan);
      }
    } finally {
      // Never leave an acknowledgement running behind a failure (its rows are answered).
      await acknowledging.catch(() => undefined);
    }
    await acknowledging;
    return 'next';
  }

  /** Chains the acknowledgement of an answered push after the previous one. */
  private acknowledge(previous: Promise<void>, answered: Answered, plan: PushPlan) {
    const { rows, results, written } = answered;
    const next = previous.then(() =>
      this.o
        .timed('acknowledge', async () => applyPushResults(this.o.database, rows, results, await plan.hint))
        .then((summary) => {
          this.count(summary);
          this.rememberEchoes(rows, results);
          if (written) this.written.push(...written);
        }),
    );
    // Handled here so a failure while later pushes are on the wire is not reported as
    // unhandled; it is still thrown by the next `await` of the chain.
    next.catch(() => {
      this.ackFailed = true;
    });
    return next;
  }

  /**
   * Pushes that got no usable answer, in order. The first is handled as a lone push would be
   * (one by one, paused, backed off, listed as failed, with its notice); once one ends the phase,
   * the later ones only record what must be (a try spent, or the wait a 429 asked for), so a push
   * that may have been applied always counts its try, and no notice is given twice.
   */
  private async handleFailures(settled: Settled[]): Promise<'stop' | 'next'> {
    let ended: { stop: true } | { err: unknown } | null = null;
    for (const s of settled) {
      if (!('err' in s)) continue;
      if (ended) {
        await this.recordUnanswered(s.err, s.rows);
        continue;
      }
      try {
        if ((await this.pushFailed(s.err, s.rows)) === 'stop') ended = { stop: true };
      } catch (err) {
        ended = { err };
      }
    }
    if (ended && 'err' in ended) throw ended.err;
    return ended ? 'stop' : 'next';
  }

  /**
   * What a push without an answer leaves on its rows: a 429 sets the wait it asked for (no try
   * spent); network errors, time-outs, 5xx and other statuses spend a try (back-off, then a
   * failed item). 401 and refusals of the batch (400/403/413/422) leave the rows as they are.
   */
  private async recordUnanswered(err: unknown, rows: SyncQueueItem[]) {
    if (!(err instanceof TransportError)) return;
    const failure = classifySyncFailure(err.status, err.timedOut);
    const { database } = this.o;
    if (failure.action === 'wait') {
      const at = this.o.now() + (err.retryAfterMs ?? 30_000);
      await database.syncQueue.bulkUpdate(
        rows.map((row) => ({ key: row.id, changes: { nextAttemptAt: at } })),
      );
      return;
    }
    if (failure.action !== 'retry') return;
    await recordPushFailure(
      database,
      rows,
      { errorType: failure.failedType, message: err.message },
      this.o.now(),
      this.o.random,
    );
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
    if (!(err instanceof TransportError)) throw err;
    const failure = classifySyncFailure(err.status, err.timedOut);
    if (failure.action === 'pause') {
      this.o.pause();
      this.o.onNotice?.({ key: failure.messageKey, level: 'error' });
      return 'stop';
    }
    if (failure.action === 'isolate') {
      // The batch as a whole was refused. A 400: send its rows one by one to find the bad one;
      // the other refusals send the first row alone, the rest go again in the next round.
      for (const row of err.status === 400 ? rows : rows.slice(0, 1)) await this.pushOne(row);
      return 'next';
    }
    await this.recordUnanswered(err, rows);
    if (failure.action === 'wait') this.o.onNotice?.({ key: failure.messageKey, level: 'warning' });
    throw err;
  }

  /** Sends a single row; an envelope refusal makes it a failed item instead of blocking all. */
  private async pushOne(row: SyncQueueItem) {
    const { r } = this;
    try {
      const res = await this.o.transport.push({
        clientId: this.clientId,
        mutations: await openMutations(this.o.database, [row]),
      });
      const s = await applyPushResults(this.o.database, [row], res.results);
      if (res.written) this.written.push(...res.written);
      r.pushed += s.applied;
      r.conflicts += s.conflicts;
      r.rejected += s.rejected;
    } catch (err) {
      if (err instanceof TransportError && classifySyncFailure(err.status).refusesRow) {
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
