/**
 * Login brute-force guard: per (account, address), at most MAX_FAILURES failed logins within
 * WINDOW_MS. In memory (one process); a multi-instance deployment moves this to Redis.
 * A success clears the key, and failures age out, so the real user is never locked out for good.
 */
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_KEYS = 50_000;

export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private key(email: string, ip: string) {
    return `${email.trim().toLowerCase()}|${ip}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(email: string, ip: string): number {
    const list = this.recent(this.key(email, ip));
    // The window is full when the MAX_FAILURES-th latest failure is still inside it.
    const oldest = list.at(-MAX_FAILURES);
    if (oldest === undefined) return 0;
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
  }

  fail(email: string, ip: string) {
    const key = this.key(email, ip);
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list.slice(-MAX_FAILURES));
    if (this.failures.size > MAX_KEYS) this.prune();
  }

  succeed(email: string, ip: string) {
    this.failures.delete(this.key(email, ip));
  }

  clear() {
    this.failures.clear();
  }

  private prune() {
    for (const key of [...this.failures.keys()]) this.recent(key);
    // Still too many: forget the oldest keys (Map keeps insertion order).
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) break;
      this.failures.delete(key);
    }
  }
}
