/**
 * In-memory search index of the local travellers, kept in step with IndexedDB.
 *
 * Why: a filter over every local traveller must answer while the officer types, and a Dexie full
 * scan with a substring test is far too slow for that (docs/decisions/013-measured-figures.md).
 * The index holds only what the list and the filters need (traveler-entry.ts: lower-cased name
 * and passport precomputed), sorted by entry date (newest first) in sorted runs (sorted-runs.ts),
 * and reads what its change feed (traveler-changes.ts) says changed:
 * - keys are re-read by key;
 * - wide changes are re-read by `lastModified`, which every record write sets, followed by a
 *   count check that falls back to a full reload;
 * - a pulled page is taken as the pull reports it (bulk-writes.ts), records included, and its
 *   moment (the page's lastModified) is left out of the re-reads: re-reading each page for the
 *   slack window after it was written tripled a fresh device's pull. The keys stored at that
 *   moment are checked once, so a record another writer stored at the same millisecond is
 *   still read.
 * Unchanged rows are skipped.
 */
import { searchKey, type TravelerFilters } from '@bh/shared';
import { createStore } from '../lib/store.ts';
import type { BulkWrite } from './bulk-writes.ts';
import type { PWADatabase } from './database.ts';
import type { LocalRecord } from './records.ts';
import { openRecord } from './sealing.ts';
import { SortedRuns } from './sorted-runs.ts';
import { TravelerChangeFeed } from './traveler-changes.ts';
import { compareEntries, sameEntry, type TravelerEntry, toEntry } from './traveler-entry.ts';

export type { TravelerEntry } from './traveler-entry.ts';

export interface TravelerStats {
  total: number;
  pending: number;
  declared: number;
  tested: number;
  cleared: number;
}

export type IndexState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown };

const WATERMARK_SLACK_MS = 5_000;

export class TravelerIndex {
  private byId = new Map<string, TravelerEntry>();
  private readonly list = new SortedRuns<TravelerEntry>(compareEntries);
  private state: IndexState = { status: 'loading' };
  /** Bumped on every change: what React compares to re-render. */
  private readonly changes = createStore(0);
  private started = false;
  private running: Promise<void> | null = null;
  private readonly feed: TravelerChangeFeed;
  /** Newest lastModified seen by the last full or wide read: where the next wide read starts. */
  private watermark = 0;
  private statsCache: { version: number; stats: TravelerStats } | null = null;
  /** Moments (lastModified) of reported bulk writes still inside the re-read window. */
  private reported = new Map<number, { ids: Set<string>; checked: boolean }>();
  private loadingAll = false;

  constructor(private readonly database: PWADatabase) {
    this.feed = new TravelerChangeFeed(database, {
      kick: () => void this.kick(),
      takePage: (write, inRun) => this.takePage(write, inRun),
    });
  }

  /** Starts loading (once) and listens for changes. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.feed.start();
    this.feed.queueFull();
    void this.kick();
  }

  stop(): void {
    this.started = false;
    this.feed.stop();
  }

  /** Loads everything again (the retry after an error). */
  reload(): Promise<void> {
    this.state = { status: 'loading' };
    this.emit();
    this.feed.queueFull();
    return this.kick();
  }

  /** Resolves once queued work is done (tests, benchmarks, repositories). */
  async settled(): Promise<void> {
    // Awaited inside live queries (the dashboard's): the run opens records with WebCrypto, so
    // it is awaited through Promise.resolve, Dexie's there (db/sealing.ts, openRecord).
    while (this.running) await Promise.resolve(this.running);
  }

  subscribe = (listener: () => void) => this.changes.subscribe(() => listener());

  getVersion = () => this.changes.get();
  getState = () => this.state;

  get(id: string): TravelerEntry | undefined {
    return this.byId.get(id);
  }

  /** Calls `fn` with every live traveller (no copy of the list: the dashboard counts this way). */
  forEachLive(fn: (entry: TravelerEntry) => void): void {
    for (const e of this.list.ordered()) if (!e.deleted) fn(e);
  }

  /** Matching live travellers (tombstones hidden), newest entry date first. */
  search(filters: TravelerFilters): TravelerEntry[] {
    const started = performance.now();
    const name = filters.fullName ? searchKey(filters.fullName) : '';
    const passport = filters.passportNo?.trim().toLowerCase() ?? '';
    const nationality = filters.nationality ?? '';
    const from = filters.entryDateFrom ?? '';
    const to = filters.entryDateTo ?? '';
    const out: TravelerEntry[] = [];
    for (const e of this.list.ordered()) {
      if (e.deleted) continue;
      if (nationality && e.nationality !== nationality) continue;
      if (from && e.entryDate < from) continue;
      if (to && e.entryDate > to) continue;
      if (name && !e.nameFolded.includes(name)) continue;
      if (passport && !e.passportLower.includes(passport)) continue;
      out.push(e);
    }
    // A user-timing entry: the benchmark reads it from the page.
    performance.measure('travelers-search', { start: started, end: performance.now() });
    return out;
  }

  /** Counts over every live traveller. */
  stats(): TravelerStats {
    if (this.statsCache?.version === this.getVersion()) return this.statsCache.stats;
    const stats: TravelerStats = { total: 0, pending: 0, declared: 0, tested: 0, cleared: 0 };
    for (const e of this.list.ordered()) {
      if (e.deleted) continue;
      stats.total++;
      if (
        e.status === 'pending' ||
        e.status === 'declared' ||
        e.status === 'tested' ||
        e.status === 'cleared'
      )
        stats[e.status]++;
    }
    this.statsCache = { version: this.getVersion(), stats };
    return stats;
  }

  private emit() {
    this.changes.set((version) => version + 1);
  }

  /** A reported page of travellers (the feed's): applied as given, unless a full load is under way. */
  private takePage({ records, at }: BulkWrite, inRun: boolean) {
    if (this.loadingAll) return;
    const started = performance.now();
    this.applyAll(
      records.map((r) => r.id),
      records,
    );
    this.reported.set(at, { ids: new Set(records.map((r) => r.id)), checked: false });
    // Within a run the watermark stays where it was: the re-read at its end must cover what
    // other writers stored while it went on, and passes its moments when it has checked them.
    if (!inRun && at > this.watermark) this.watermark = at;
    // A user-timing entry: the fresh-device benchmark sums them.
    performance.measure('travelers-index-page', { start: started, end: performance.now() });
    this.emit();
  }

  /**
   * Runs queued work unless a run is under way (changes arriving meanwhile are picked up by it).
   * `running` is cleared by a `finally` callback, which always runs after this assignment: an
   * async body that finished without awaiting would otherwise clear it before it was set and
   * leave a settled promise there for good, so that every later change was ignored. A change
   * queued between the end of the drain loop and that callback found a run "under way" and
   * relied on it, so the callback starts another run for it.
   */
  private kick(): Promise<void> {
    if (!this.running) {
      const run: Promise<void> = this.drain().finally(() => {
        if (this.running !== run) return;
        this.running = null;
        if (this.feed.hasWork()) void this.kick();
      });
      this.running = run;
    }
    return this.running;
  }

  /** Applies queued work one batch at a time until nothing is queued. */
  private async drain(): Promise<void> {
    try {
      for (let work = this.feed.next(); work !== null; work = this.feed.next()) {
        if (work.kind === 'full') {
          this.loadingAll = true;
          try {
            await this.loadAll();
          } finally {
            this.loadingAll = false;
          }
        } else if (work.kind === 'wide') {
          await this.loadChanged();
          if (work.keys.length > 0)
            this.applyAll(work.keys, await this.opened(await this.database.travelers.bulkGet(work.keys)));
        } else if (work.kind === 'keys') {
          this.applyAll(work.keys, await this.opened(await this.database.travelers.bulkGet(work.keys)));
        } else {
          await this.checkMoments();
        }
        this.state = { status: 'ready' };
        this.emit();
      }
    } catch (error) {
      this.state = { status: 'error', error };
      this.emit();
    }
  }

  /** Records read, opened (db/sealing.ts): the list needs the names and passport numbers. */
  private opened<T extends LocalRecord | undefined>(records: T[]): Promise<T[]> {
    return Promise.all(records.map((r) => (r ? openRecord(this.database, 'travelers', r) : r)));
  }

  private async loadAll() {
    const started = performance.now();
    const records = await this.opened(await this.database.travelers.toArray());
    const entries = records.map(toEntry);
    this.list.reset(entries);
    this.byId = new Map(entries.map((e) => [e.id, e]));
    this.watermark = entries.reduce((m, e) => Math.max(m, e.lastModified), 0);
    this.reported.clear();
    performance.measure('travelers-index-load', { start: started, end: performance.now() });
  }

  /** Re-reads what changed since the newest change seen; a full reload when counts disagree. */
  private async loadChanged() {
    const started = performance.now();
    try {
      await this.readChanged();
    } finally {
      performance.measure('travelers-index-changed', { start: started, end: performance.now() });
    }
  }

  private async readChanged() {
    // From the newest change the previous scan saw (not the newest entry applied since: a
    // record written later may have been applied by key first), with slack for writes whose
    // timestamp was taken before a later one committed.
    const since = Math.max(0, this.watermark - WATERMARK_SLACK_MS);
    // The window without the moments of reported writes (lastModified is a whole number of ms).
    const ranges: [number, number][] = [];
    let from = since;
    for (const at of [...this.reported.keys()].sort((a, b) => a - b)) {
      if (at < since) {
        this.reported.delete(at);
        continue;
      }
      if (at > from) ranges.push([from, at]);
      from = at + 1;
    }
    ranges.push([from, Number.POSITIVE_INFINITY]);
    // One read per range, in one transaction (not inAnyRange's one cursor over the outer range):
    // while a fresh pull's records are landed (landing/), a range read skips the landed rows
    // written outside it, and the reported moments between the ranges are never read.
    const travelers = this.database.travelers;
    const parts = await this.database.transaction('r', travelers, () =>
      Promise.all(
        ranges.map(([a, b]) => travelers.where('lastModified').between(a, b, true, false).toArray()),
      ),
    );
    const changed = await this.opened(parts.flat());
    this.applyAll(
      changed.map((r) => r.id),
      changed,
    );
    for (const r of changed) {
      if (Number(r.lastModified) > this.watermark) this.watermark = Number(r.lastModified);
    }
    await this.checkMoments();
    for (const [at, report] of this.reported) {
      if (report.checked && at > this.watermark) this.watermark = at;
    }
    if ((await this.database.travelers.count()) !== this.byId.size) await this.loadAll();
  }

  /**
   * Once per reported moment: what else was stored at that millisecond is read. Within a run
   * (a pull) each page's moment is checked as it comes, while the wide re-read waits for the
   * end: checking all of a fresh device's moments at the end left the list incomplete for
   * seconds after its pull. The moments are read in one transaction: each read of its own, one
   * after another, kept the index behind that pull (docs/decisions/010-landing-fresh-pull.md).
   */
  private async checkMoments() {
    const unchecked = [...this.reported].filter(([, report]) => !report.checked);
    if (unchecked.length === 0) return;
    const travelers = this.database.travelers;
    const atMoments = await this.database.transaction('r', travelers, () =>
      Promise.all(unchecked.map(([at]) => travelers.where('lastModified').equals(at).primaryKeys())),
    );
    const others = unchecked.flatMap(([, report], i) => {
      report.checked = true;
      return (atMoments[i] ?? []).filter((id) => !report.ids.has(id));
    });
    if (others.length > 0) this.applyAll(others, await this.opened(await travelers.bulkGet(others)));
  }

  /**
   * Applies records read for `ids` (undefined: gone). Unchanged records are skipped; the sorted
   * runs splice a few changes in place and sort many (a pulled page) into a run of their own.
   */
  private applyAll(ids: readonly string[], records: readonly (LocalRecord | undefined)[]) {
    const removed = new Set<TravelerEntry>();
    const added = new Map<string, TravelerEntry>();
    ids.forEach((id, i) => {
      const record = records[i];
      const old = this.byId.get(id);
      const entry = record ? toEntry(record) : undefined;
      if (old && entry && sameEntry(old, entry)) return;
      if (old) {
        // An entry added earlier in this batch (an id read twice) is not in the list yet.
        if (added.get(id) === old) added.delete(id);
        else removed.add(old);
        this.byId.delete(id);
      }
      if (entry) {
        this.byId.set(id, entry);
        added.set(id, entry);
      }
    });
    this.list.apply(removed, [...added.values()]);
  }
}
