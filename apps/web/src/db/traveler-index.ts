/**
 * In-memory search index of the local travellers, kept in step with IndexedDB.
 *
 * Why: a filter over 100,000 travellers must answer in < 100 ms, and a Dexie full scan with a
 * substring test takes about a second (measured on 100,000 rows). The index holds only what the list and
 * the filters need (lower-cased name and passport precomputed), sorted by entry date (newest
 * first), and is updated from Dexie's `storagemutated` event (this tab and other tabs):
 * - single keys (edits, small writes) are re-read by key;
 * - wide ranges (Dexie reports a bulk write of 50 rows or more, such as a pulled page or a sync
 *   acknowledgement, as the whole table) are re-read by `lastModified`, which every record write
 *   sets, followed by a count check that falls back to a full reload;
 * - a pulled page is taken as the pull reports it (bulk-writes.ts), records included, and its
 *   moment (the page's lastModified) is left out of the re-reads: re-reading each page for the
 *   slack window after it was written tripled a fresh device's pull. The keys stored at that
 *   moment are checked once, so a record another writer stored at the same millisecond is
 *   still read. While the pull says more pages are coming, wide re-reads wait for its end (or
 *   for RUN_QUIET_MS without a page): one re-read per page cost the browser process 3-5 s of
 *   CPU over a fresh device's 100,000 travellers (its count alone walks the whole store).
 * Changes are applied in batches: unchanged rows are skipped, a few changes are spliced into the
 * sorted list, and a large batch (a pulled page) is sorted into a run of its own. Runs are merged
 * in pairs of like size as they come (each entry is merged about log2(pages) times) and into one
 * list when the list is read. Splicing each row into 100,000 entries made a pull 40% slower, and
 * merging each page into the whole list cost about 1 s of main thread per 100,000 travellers on a
 * fresh device's first pull (50 pages, each merged into everything pulled before it).
 */
import type { TravelerFilters } from '@bh/shared';
import Dexie, { type ObservabilitySet } from 'dexie';
import { createStore } from '../lib/store.ts';
import { type BulkWrite, onBulkWrite } from './bulk-writes.ts';
import type { LocalRecord, LocalSyncStatus, PWADatabase } from './database.ts';

export interface TravelerEntry {
  id: string;
  fullName: string;
  gender: string | null;
  passportNo: string;
  nationality: string;
  entryDate: string;
  /** When the record was first made (ISO time): newest first among the same entry date. */
  createdAt: string;
  status: string;
  syncStatus: LocalSyncStatus;
  deleted: boolean;
  lastModified: number;
  nameLower: string;
  passportLower: string;
  /** The quarantine schedule (set by the server on entering quarantine): the dashboard's overdue figure. */
  quarantineStart: string | null;
  quarantineDays: number | null;
}

export interface TravelerStats {
  total: number;
  pending: number;
  declared: number;
  tested: number;
  cleared: number;
}

export type IndexState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: unknown };

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function toEntry(r: LocalRecord): TravelerEntry {
  const fullName = str(r.fullName);
  const passportNo = str(r.passportNo);
  return {
    id: r.id,
    fullName,
    gender: typeof r.gender === 'string' ? r.gender : null,
    passportNo,
    nationality: str(r.nationality),
    entryDate: str(r.entryDate),
    createdAt: str(r.createdAt),
    status: str(r.status) || 'unknown',
    syncStatus: r.syncStatus,
    deleted: Boolean(r.deletedAt),
    lastModified: Number(r.lastModified) || 0,
    nameLower: fullName.toLowerCase(),
    passportLower: passportNo.toLowerCase(),
    quarantineStart: typeof r.quarantineStart === 'string' ? r.quarantineStart : null,
    quarantineDays: typeof r.quarantineDays === 'number' ? r.quarantineDays : null,
  };
}

/**
 * Newest entry date first; within a day the traveller registered last comes first (so an officer
 * sees who was just added at the top); id breaks remaining ties so the order is total and stable.
 */
function compare(a: TravelerEntry, b: TravelerEntry): number {
  if (a.entryDate !== b.entryDate) return a.entryDate < b.entryDate ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Binary search: the position of `entry` in the sorted list (or where it would go). */
function position(list: TravelerEntry[], entry: TravelerEntry): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const probe = list[mid];
    if (probe !== undefined && compare(probe, entry) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Above this many changed keys, one scan by lastModified beats reading each key. */
const FULL_RELOAD_KEYS = 5_000;
const WATERMARK_SLACK_MS = 5_000;
/** A run of reported writes (a pull) that sent nothing for this long is taken as over. */
const RUN_QUIET_MS = 3_000;

/** Dexie's interval tree of changed keys (see ObservabilitySet). */
type TreeNode = { from?: unknown; to?: unknown; l?: TreeNode | null; r?: TreeNode | null };

export class TravelerIndex {
  private byId = new Map<string, TravelerEntry>();
  /**
   * Sorted runs, larger before smaller; merged into one (runs[0], the list) when read. Every
   * current entry is in exactly one run; entries replaced or removed may linger in `stale`.
   */
  private runs: TravelerEntry[][] = [];
  /** Replaced or removed entries still in some run: skipped by merges, gone once runs are one. */
  private stale = new Set<TravelerEntry>();
  private state: IndexState = { status: 'loading' };
  /** Bumped on every change: what React compares to re-render. */
  private readonly changes = createStore(0);
  private started = false;
  private running: Promise<void> | null = null;
  private queuedKeys = new Set<string>();
  private queuedWide = false;
  private queuedFull = false;
  /** Newest lastModified seen by the last full or wide read: where the next wide read starts. */
  private watermark = 0;
  private statsCache: { version: number; stats: TravelerStats } | null = null;
  /** Moments (lastModified) of reported bulk writes still inside the re-read window. */
  private reported = new Map<number, { ids: Set<string>; checked: boolean }>();
  private loadingAll = false;
  /** A reported run (a pull) has more to come: wide re-reads wait for its end. */
  private inRun = false;
  /** Reported moments to check while a run holds the wide re-read back. */
  private queuedMoments = false;
  private runTimer: ReturnType<typeof setTimeout> | null = null;
  private stopReports: (() => void) | null = null;
  private readonly onMutated = (parts: ObservabilitySet) => this.handleMutation(parts);

  constructor(private readonly database: PWADatabase) {}

  /** Starts loading (once) and listens for changes. */
  start(): void {
    if (this.started) return;
    this.started = true;
    Dexie.on('storagemutated', this.onMutated);
    this.stopReports = onBulkWrite(this.database, (writes, more) => this.takeReported(writes, more));
    this.queuedFull = true;
    void this.kick();
  }

  stop(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.stopReports?.();
    this.stopReports = null;
    this.started = false;
    this.endRun();
  }

  /** Loads everything again (the retry after an error). */
  reload(): Promise<void> {
    this.state = { status: 'loading' };
    this.emit();
    this.queuedFull = true;
    return this.kick();
  }

  /** Resolves once queued work is done (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  subscribe = (listener: () => void) => this.changes.subscribe(() => listener());

  getVersion = () => this.changes.get();
  getState = () => this.state;

  get(id: string): TravelerEntry | undefined {
    return this.byId.get(id);
  }

  /** Calls `fn` with every live traveller (no copy of the list: the dashboard counts this way). */
  forEachLive(fn: (entry: TravelerEntry) => void): void {
    for (const e of this.ordered()) if (!e.deleted) fn(e);
  }

  /** Matching live travellers (tombstones hidden), newest entry date first. */
  search(filters: TravelerFilters): TravelerEntry[] {
    const started = performance.now();
    const name = filters.fullName?.trim().toLowerCase() ?? '';
    const passport = filters.passportNo?.trim().toLowerCase() ?? '';
    const nationality = filters.nationality ?? '';
    const from = filters.entryDateFrom ?? '';
    const to = filters.entryDateTo ?? '';
    const out: TravelerEntry[] = [];
    for (const e of this.ordered()) {
      if (e.deleted) continue;
      if (nationality && e.nationality !== nationality) continue;
      if (from && e.entryDate < from) continue;
      if (to && e.entryDate > to) continue;
      if (name && !e.nameLower.includes(name)) continue;
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
    for (const e of this.ordered()) {
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

  /** The whole list, sorted: pending runs merged into one and replaced entries dropped. */
  private ordered(): TravelerEntry[] {
    let top = this.runs.pop() ?? [];
    for (let next = this.runs.pop(); next !== undefined; next = this.runs.pop())
      top = merge(next, top, this.stale);
    if (this.stale.size > 0) top = top.filter((e) => !this.stale.has(e));
    this.stale.clear();
    this.runs = [top];
    return top;
  }

  /** Adds a sorted run, merging the last two runs while the newer is as large as the older. */
  private addRun(run: TravelerEntry[]) {
    if (run.length === 0) return;
    this.runs.push(run);
    for (;;) {
      const n = this.runs.length;
      const older = this.runs[n - 2];
      const newer = this.runs[n - 1];
      if (older === undefined || newer === undefined || older.length > newer.length) return;
      this.runs.splice(n - 2, 2, merge(older, newer, this.stale));
    }
  }

  private emit() {
    this.changes.set((version) => version + 1);
  }

  private handleMutation(parts: ObservabilitySet) {
    if (parts.all) {
      // Dexie's "everything may have changed" (a page restored from the back-forward cache).
      this.queuedFull = true;
      void this.kick();
      return;
    }
    const tree = parts[`idb://${this.database.name}/travelers/`];
    if (!tree) return;
    // The tree may be a plain object (e.g. from another tab), so walk it rather than iterate.
    const walk = (node: TreeNode | null | undefined) => {
      if (!node || !('from' in node)) return;
      if (typeof node.from === 'string' && node.from === node.to) this.queuedKeys.add(node.from);
      else this.queuedWide = true;
      walk(node.l);
      walk(node.r);
    };
    walk(tree as TreeNode);
    if (this.queuedKeys.size > FULL_RELOAD_KEYS) this.queuedWide = true;
    // An empty key set (e.g. a bulkPut of no rows) changes nothing. A wide change is read a task
    // later: Dexie fires this event as the transaction completes, and the pull reports its page
    // (takeReported) just after, which the read can then leave out.
    if (this.queuedWide && !this.inRun) setTimeout(() => void this.kick(), 0);
    else if (this.hasWork()) void this.kick();
  }

  /**
   * A commit's bulk writes of this tab, all stamped with their moment: applied as given. Ignored
   * while a full load is due or under way (the load reads them). `more`: the writer's run (a
   * pull) goes on, so wide re-reads wait for its end.
   */
  private takeReported(writes: readonly BulkWrite[], more: boolean) {
    if (more) {
      this.inRun = true;
      if (this.runTimer !== null) clearTimeout(this.runTimer);
      this.runTimer = setTimeout(() => this.endRun(), RUN_QUIET_MS);
    }
    for (const { table, records, at } of writes) {
      if (table !== 'travelers' || this.queuedFull || this.loadingAll) continue;
      const started = performance.now();
      this.applyAll(
        records.map((r) => r.id),
        records,
      );
      this.reported.set(at, { ids: new Set(records.map((r) => r.id)), checked: false });
      // Within a run the watermark stays where it was: the re-read at its end must cover what
      // other writers stored while it went on, and passes its moments when it has checked them.
      if (!this.inRun && at > this.watermark) this.watermark = at;
      // A user-timing entry: the fresh-device benchmark sums them.
      performance.measure('travelers-index-page', { start: started, end: performance.now() });
      this.emit();
    }
    if (more && writes.some((w) => w.table === 'travelers')) {
      this.queuedMoments = true;
      void this.kick();
    }
    if (!more) this.endRun();
  }

  /** The reported run is over (or went quiet): the wide re-reads it held back run now. */
  private endRun() {
    if (this.runTimer !== null) clearTimeout(this.runTimer);
    this.runTimer = null;
    if (!this.inRun) return;
    this.inRun = false;
    if (this.started && this.hasWork()) void this.kick();
  }

  private hasWork(): boolean {
    return (
      this.queuedFull || (this.queuedWide && !this.inRun) || this.queuedKeys.size > 0 || this.queuedMoments
    );
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
        if (this.hasWork()) void this.kick();
      });
      this.running = run;
    }
    return this.running;
  }

  /** Applies queued work one batch at a time until nothing is queued. */
  private async drain(): Promise<void> {
    try {
      while (this.hasWork()) {
        if (this.queuedFull) {
          this.queuedFull = false;
          this.queuedWide = false;
          this.queuedKeys.clear();
          this.queuedMoments = false;
          this.loadingAll = true;
          try {
            await this.loadAll();
          } finally {
            this.loadingAll = false;
          }
        } else if (this.queuedWide && !this.inRun) {
          // Keys queued alongside a wide change are re-read too: the wide scan goes by
          // lastModified, which cannot be trusted to cover every key (see loadChanged).
          this.queuedWide = false;
          this.queuedMoments = false;
          const keys = [...this.queuedKeys];
          this.queuedKeys.clear();
          await this.loadChanged();
          if (keys.length > 0) {
            this.applyAll(keys, await this.database.travelers.bulkGet(keys));
          }
        } else if (this.queuedKeys.size > 0) {
          const keys = [...this.queuedKeys];
          this.queuedKeys.clear();
          this.applyAll(keys, await this.database.travelers.bulkGet(keys));
        } else {
          this.queuedMoments = false;
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

  private async loadAll() {
    const started = performance.now();
    const records = await this.database.travelers.toArray();
    const entries = records.map(toEntry);
    entries.sort(compare);
    this.byId = new Map(entries.map((e) => [e.id, e]));
    this.runs = [entries];
    this.stale.clear();
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
    const changed = parts.flat();
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
   * end: checking all of a fresh device's 50 moments at the end took 2.4-6.6 s after its pull
   * of 100,000 travellers (loaded machine). The moments are read in one transaction: each read
   * of its own, one after another, kept the index about a second behind that pull.
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
    if (others.length > 0) this.applyAll(others, await travelers.bulkGet(others));
  }

  /**
   * Applies records read for `ids` (undefined: gone). Unchanged records are skipped. A few
   * changes are spliced in place into a merged list; many (a pulled page) become a sorted run
   * (addRun), since thousands of splices into 100,000 entries cost seconds.
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
        removed.add(old);
        this.byId.delete(id);
      }
      added.delete(id);
      if (entry) {
        this.byId.set(id, entry);
        added.set(id, entry);
      }
    });
    const list = this.runs[0];
    if (
      removed.size + added.size <= SPLICE_LIMIT &&
      list !== undefined &&
      this.runs.length === 1 &&
      this.stale.size === 0
    ) {
      for (const old of removed) list.splice(position(list, old), 1);
      for (const entry of added.values()) list.splice(position(list, entry), 0, entry);
      return;
    }
    for (const old of removed) this.stale.add(old);
    this.addRun([...added.values()].sort(compare));
  }
}

/** Merges two sorted runs into a new one, leaving out `stale` entries. */
function merge(
  left: readonly TravelerEntry[],
  right: readonly TravelerEntry[],
  stale: ReadonlySet<TravelerEntry>,
): TravelerEntry[] {
  const merged: TravelerEntry[] = [];
  const skip = stale.size > 0;
  let a = 0;
  let b = 0;
  for (;;) {
    const l = left[a];
    const r = right[b];
    let next: TravelerEntry;
    if (l !== undefined && (r === undefined || compare(l, r) <= 0)) {
      next = l;
      a++;
    } else if (r !== undefined) {
      next = r;
      b++;
    } else break;
    if (!skip || !stale.has(next)) merged.push(next);
  }
  return merged;
}

/** Up to this many changes are spliced into the merged list; more become a run of their own. */
const SPLICE_LIMIT = 64;

/** Every field equal (entries are flat records of strings, numbers and booleans). */
function sameEntry(a: TravelerEntry, b: TravelerEntry): boolean {
  for (const key of Object.keys(a) as (keyof TravelerEntry)[]) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}
