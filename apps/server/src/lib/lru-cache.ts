/**
 * A bounded cache: once it holds `size` entries, the least recently used goes first (a Map keeps
 * insertion order, and a hit moves its entry to the end). For caches keyed by everything their
 * value depends on (e.g. a data version and a query), so nothing in them can be stale.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.size && !oldest.done) this.entries.delete(oldest.value);
    this.entries.set(key, value);
  }
}
