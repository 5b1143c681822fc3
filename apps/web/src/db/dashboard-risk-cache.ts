/**
 * Whether each of today's arrivals has a live high-risk declaration, kept between the
 * dashboard's recomputations. Why: reading today's declarations by key was most of a
 * recomputation (docs/decisions/008-report-queries.md), and a change to one traveller or one
 * declaration changes at most one answer. A declaration write (this tab or another, Dexie's
 * `storagemutated`) drops the answers of the keys it touched (all of them for a wide write) and
 * bumps `version`, which the dashboard's hook watches, since a cached answer is not a read its
 * live query can observe.
 */
import Dexie, { type IntervalTree, type ObservabilitySet } from 'dexie';
import { createStore } from '../lib/store.ts';
import type { PWADatabase } from './database.ts';

export class HighRiskCache {
  private readonly known = new Map<string, boolean>();
  private readonly changes = createStore(0);

  constructor(private readonly database: PWADatabase) {
    Dexie.on('storagemutated', (parts: ObservabilitySet) => this.forget(parts));
  }

  subscribe = (listener: () => void) => this.changes.subscribe(() => listener());
  getVersion = () => this.changes.get();

  /** The ids among `travelerIds` with a live high-risk declaration (reads only unknown ids). */
  async highRiskAmong(travelerIds: readonly string[]): Promise<Set<string>> {
    const unknown = travelerIds.filter((id) => !this.known.has(id));
    const read = new Map<string, boolean>();
    if (unknown.length > 0) {
      const before = this.getVersion();
      // A traveller's declaration has the traveller's id (declarations-repo.ts).
      const found = await this.database.declarations.bulkGet(unknown);
      unknown.forEach((id, i) => {
        const d = found[i];
        read.set(id, Boolean(d && !d.deletedAt && d.riskLevel === 'high'));
      });
      // A declaration written while reading may have made these answers stale: they are used
      // once (the version bump recomputes the figures) but not kept.
      if (this.getVersion() === before) for (const [id, high] of read) this.known.set(id, high);
    }
    return new Set(travelerIds.filter((id) => read.get(id) ?? this.known.get(id)));
  }

  private forget(parts: ObservabilitySet) {
    // `all`: Dexie's "everything may have changed" (a page restored from the back-forward cache).
    const changed = parts.all ? null : parts[`idb://${this.database.name}/declarations/`];
    if (!parts.all && !changed) return;
    let wide = !changed;
    // The tree may be a plain object (e.g. from another tab), so walk it rather than iterate.
    const visit = (range: IntervalTree | null | undefined): void => {
      if (wide || !range || !('from' in range)) return;
      if (typeof range.from === 'string' && range.from === range.to) this.known.delete(range.from);
      else wide = true;
      visit(range.l);
      visit(range.r);
    };
    visit(changed);
    if (wide) this.known.clear();
    this.changes.set((v) => v + 1);
  }
}

const caches = new WeakMap<PWADatabase, HighRiskCache>();

/** The cache of this database (one per database object, listening for as long as it lives). */
export function highRiskCache(database: PWADatabase): HighRiskCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new HighRiskCache(database);
    caches.set(database, cache);
  }
  return cache;
}
