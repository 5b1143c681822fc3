/**
 * The traveller index's change feed: what changed in the travellers' store, from Dexie's
 * `storagemutated` event (this tab and other tabs) and the pull's reported pages (bulk-writes.ts),
 * turned into the next piece of work for the index to read:
 * - single keys (edits, small writes) are re-read by key;
 * - wide ranges (Dexie reports a bulk write of 50 rows or more, such as a pulled page or a sync
 *   acknowledgement, as the whole table) are re-read by `lastModified`;
 * - a reported page is handed over as it is; while the pull says more pages are coming, wide
 *   re-reads wait for its end (or for RUN_QUIET_MS without a page): one re-read per page cost the
 *   browser process seconds of CPU over a fresh device's pull (its count alone walks the whole
 *   store; docs/decisions/010-landing-fresh-pull.md). Within the run, each page's moment is
 *   checked as it comes.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import { type BulkWrite, onBulkWrite } from './bulk-writes.ts';
import type { PWADatabase } from './database.ts';

/** Above this many changed keys, one scan by lastModified beats reading each key. */
const FULL_RELOAD_KEYS = 5_000;
/** A run of reported writes (a pull) that sent nothing for this long is taken as over. */
const RUN_QUIET_MS = 3_000;

/** Dexie's interval tree of changed keys (see ObservabilitySet). */
type TreeNode = { from?: unknown; to?: unknown; l?: TreeNode | null; r?: TreeNode | null };

/** The next read the index owes: everything, what changed since its watermark, some keys, or the reported moments. */
export type IndexWork =
  | { kind: 'full' }
  | { kind: 'wide'; keys: string[] }
  | { kind: 'keys'; keys: string[] }
  | { kind: 'moments' };

/** What the feed needs of the index. */
export interface FeedTarget {
  /** Run the queued work (unless a run is under way). */
  kick(): void;
  /** A reported page of travellers; `inRun`: the pull has more to come. */
  takePage(write: BulkWrite, inRun: boolean): void;
}

export class TravelerChangeFeed {
  private started = false;
  private queuedKeys = new Set<string>();
  private queuedWide = false;
  private queuedFull = false;
  /** Reported moments to check while a run holds the wide re-read back. */
  private queuedMoments = false;
  /** A reported run (a pull) has more to come: wide re-reads wait for its end. */
  private inRun = false;
  private runTimer: ReturnType<typeof setTimeout> | null = null;
  private stopReports: (() => void) | null = null;
  private readonly onMutated = (parts: ObservabilitySet) => this.handleMutation(parts);

  constructor(
    private readonly database: PWADatabase,
    private readonly target: FeedTarget,
  ) {}

  start(): void {
    this.started = true;
    Dexie.on('storagemutated', this.onMutated);
    this.stopReports = onBulkWrite(this.database, (writes, more) => this.takeReported(writes, more));
  }

  stop(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.stopReports?.();
    this.stopReports = null;
    this.started = false;
    this.endRun();
  }

  /** Everything is to be read again. */
  queueFull(): void {
    this.queuedFull = true;
  }

  /** Whether a full read is queued (the reported pages are then left to it). */
  get fullQueued(): boolean {
    return this.queuedFull;
  }

  hasWork(): boolean {
    return (
      this.queuedFull || (this.queuedWide && !this.inRun) || this.queuedKeys.size > 0 || this.queuedMoments
    );
  }

  /** Takes the next piece of queued work, or null when nothing is due. */
  next(): IndexWork | null {
    if (this.queuedFull) {
      this.queuedFull = false;
      this.queuedWide = false;
      this.queuedKeys.clear();
      this.queuedMoments = false;
      return { kind: 'full' };
    }
    if (this.queuedWide && !this.inRun) {
      // Keys queued alongside a wide change are re-read too: the wide scan goes by
      // lastModified, which cannot be trusted to cover every key.
      this.queuedWide = false;
      this.queuedMoments = false;
      return { kind: 'wide', keys: this.takeKeys() };
    }
    if (this.queuedKeys.size > 0) return { kind: 'keys', keys: this.takeKeys() };
    if (this.queuedMoments) {
      this.queuedMoments = false;
      return { kind: 'moments' };
    }
    return null;
  }

  private takeKeys(): string[] {
    const keys = [...this.queuedKeys];
    this.queuedKeys.clear();
    return keys;
  }

  private handleMutation(parts: ObservabilitySet) {
    if (parts.all) {
      // Dexie's "everything may have changed" (a page restored from the back-forward cache).
      this.queuedFull = true;
      this.target.kick();
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
    if (this.queuedWide && !this.inRun) setTimeout(() => this.target.kick(), 0);
    else if (this.hasWork()) this.target.kick();
  }

  /**
   * A commit's bulk writes of this tab, all stamped with their moment: handed to the index as
   * given, unless a full load is due (it reads them). `more`: the writer's run (a pull) goes on,
   * so wide re-reads wait for its end.
   */
  private takeReported(writes: readonly BulkWrite[], more: boolean) {
    if (more) {
      this.inRun = true;
      if (this.runTimer !== null) clearTimeout(this.runTimer);
      this.runTimer = setTimeout(() => this.endRun(), RUN_QUIET_MS);
    }
    for (const write of writes) {
      if (write.table !== 'travelers' || this.queuedFull) continue;
      this.target.takePage(write, this.inRun);
    }
    if (more && writes.some((w) => w.table === 'travelers')) {
      this.queuedMoments = true;
      this.target.kick();
    }
    if (!more) this.endRun();
  }

  /** The reported run is over (or went quiet): the wide re-reads it held back run now. */
  private endRun() {
    if (this.runTimer !== null) clearTimeout(this.runTimer);
    this.runTimer = null;
    if (!this.inRun) return;
    this.inRun = false;
    if (this.started && this.hasWork()) this.target.kick();
  }
}
