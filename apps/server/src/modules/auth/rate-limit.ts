/**
 * Login brute-force guard, counted in the database (plugins/rate-limit.ts) so that every server
 * instance and a restarted one see the same counts. Within a 15-minute window, failed logins are
 * limited three ways:
 * - one account from one address (5 by default): a guesser at one account;
 * - one account from all addresses together: a guesser spreading over many addresses;
 * - one address over all accounts: one address trying a password on many accounts.
 * An attempt is counted before the password is checked (atomic increments, so parallel attempts
 * cannot slip past the count) and taken back when it succeeds; a success also clears its
 * account+address counter, and windows end, so the real user is never locked out for good.
 */
import type { Db } from '../../db/client.ts';
import { counterKey, countHit, forgetHits, releaseHit } from '../../plugins/rate-limit.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface LoginLimits {
  perAccountAddress: number;
  perAccount: number;
  perAddress: number;
}

/** The answer to an attempt: go ahead (and report the outcome), or wait this many seconds. */
export type LoginAttempt =
  | { allowed: true; succeeded(): Promise<void> }
  | { allowed: false; retryAfterSec: number };

export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
  ) {}

  /** The counters of one attempt, strictest first, each with its limit. */
  private counters(email: string, ip: string) {
    const account = email.trim().toLowerCase();
    return [
      { key: counterKey('login:account-address', `${account}|${ip}`), max: this.limits.perAccountAddress },
      { key: counterKey('login:account', account), max: this.limits.perAccount },
      { key: counterKey('login:address', ip), max: this.limits.perAddress },
    ];
  }

  /**
   * Counts an attempt on every counter. When one is over its limit, the counts already made
   * are taken back (a refused attempt tries no password) and the attempt is refused.
   */
  async attempt(email: string, ip: string): Promise<LoginAttempt> {
    const counters = this.counters(email, ip);
    const counted: string[] = [];
    for (const { key, max } of counters) {
      const hit = await countHit(this.db, key, LOGIN_WINDOW_MS);
      if (hit.hits > max) {
        for (const done of counted) await releaseHit(this.db, done);
        return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(hit.ttlMs / 1000)) };
      }
      counted.push(key);
    }
    return {
      allowed: true,
      succeeded: async () => {
        const [own, ...shared] = counters;
        if (own) await forgetHits(this.db, own.key);
        for (const { key } of shared) await releaseHit(this.db, key);
      },
    };
  }
}
