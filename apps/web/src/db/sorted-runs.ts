/**
 * A list kept sorted under batches of changes, cheaply for both small and large batches (pure).
 *
 * A few changes are spliced into the sorted list; a large batch (a pulled page) is sorted into a
 * run of its own. Runs are merged in pairs of like size as they come (each entry is merged about
 * log2(pages) times) and into one list when the list is read. Splicing each row into a large
 * list made a pull markedly slower, and merging each page into the whole list cost main-thread
 * time that grew with everything pulled before it (docs/decisions/010-landing-fresh-pull.md).
 *
 * Entries are compared by `compare`, which must be a total order; an entry is removed by
 * identity (the object given when it was added).
 */

/** Up to this many changes are spliced into the merged list; more become a run of their own. */
const SPLICE_LIMIT = 64;

export class SortedRuns<T> {
  /**
   * Sorted runs, larger before smaller; merged into one (runs[0], the list) when read. Every
   * current entry is in exactly one run; entries replaced or removed may linger in `stale`.
   */
  private runs: T[][] = [];
  /** Removed entries still in some run: skipped by merges, gone once runs are one. */
  private stale = new Set<T>();

  constructor(private readonly compare: (a: T, b: T) => number) {}

  /** Starts again from `entries` (sorted here). */
  reset(entries: T[]): void {
    entries.sort(this.compare);
    this.runs = [entries];
    this.stale.clear();
  }

  /** Takes `removed` out (entries it holds: added before) and puts `added` in. */
  apply(removed: ReadonlySet<T>, added: readonly T[]): void {
    const list = this.runs[0];
    if (
      removed.size + added.length <= SPLICE_LIMIT &&
      list !== undefined &&
      this.runs.length === 1 &&
      this.stale.size === 0
    ) {
      for (const old of removed) list.splice(this.position(list, old), 1);
      for (const entry of added) list.splice(this.position(list, entry), 0, entry);
      return;
    }
    for (const old of removed) this.stale.add(old);
    this.addRun([...added].sort(this.compare));
  }

  /** The whole list, sorted: pending runs merged into one and removed entries dropped. */
  ordered(): T[] {
    let top = this.runs.pop() ?? [];
    for (let next = this.runs.pop(); next !== undefined; next = this.runs.pop()) top = this.merge(next, top);
    if (this.stale.size > 0) top = top.filter((e) => !this.stale.has(e));
    this.stale.clear();
    this.runs = [top];
    return top;
  }

  /** Adds a sorted run, merging the last two runs while the newer is as large as the older. */
  private addRun(run: T[]) {
    if (run.length === 0) return;
    this.runs.push(run);
    for (;;) {
      const n = this.runs.length;
      const older = this.runs[n - 2];
      const newer = this.runs[n - 1];
      if (older === undefined || newer === undefined || older.length > newer.length) return;
      this.runs.splice(n - 2, 2, this.merge(older, newer));
    }
  }

  /** Binary search: the position of `entry` in the sorted list (or where it would go). */
  private position(list: readonly T[], entry: T): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const probe = list[mid];
      if (probe !== undefined && this.compare(probe, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Merges two sorted runs into a new one, leaving out stale entries. */
  private merge(left: readonly T[], right: readonly T[]): T[] {
    const merged: T[] = [];
    const stale = this.stale;
    const skip = stale.size > 0;
    let a = 0;
    let b = 0;
    for (;;) {
      const l = left[a];
      const r = right[b];
      let next: T;
      if (l !== undefined && (r === undefined || this.compare(l, r) <= 0)) {
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
}
