/**
 * Throttling: @fastify/rate-limit with its counters in the database (table rate_limits), so a
 * limit holds across every server instance on one PostgreSQL and across restarts.
 *
 * - Every /api route has a ceiling per client address (RATE_LIMIT_PER_MINUTE).
 * - A route opts into its own, stricter limit with `config: { rateLimit: perAddress(5, '1 hour') }`
 *   (see docs/architecture.md, "Throttling"); its counter is separate from the ceiling's.
 * - Code that counts something other than requests (failed logins) uses `countHit`/`releaseHit`/
 *   `forgetHits` directly (modules/auth/rate-limit.ts).
 *
 * The client address is `request.ip`: with TRUST_PROXY=N it is taken N hops from the right of
 * X-Forwarded-For (config.ts), never from the left-most entry a client can write.
 * A refusal is 429 `rate_limited` with Retry-After and details.retryAfter (seconds), which the app
 * turns into "try again in N minutes".
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

export interface HitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (0 when no window is open). */
  ttlMs: number;
}

/**
 * Stored keys are `<bucket>:<hash of the subject>`: the table never holds an e-mail or an address
 * in clear, and a key has a bounded length whatever the client sent.
 */
export function counterKey(bucket: string, subject: string): string {
  return `${bucket}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

const ttlMs =
  sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`.mapWith(
    Number,
  );
/** True while the stored window has not ended yet (the database clock: all instances agree). */
const windowOpen = sql`${rateLimits.resetAt} > now()`;

/** Expired rows are deleted once every this many hits of a process (a cheap indexed delete). */
const SWEEP_EVERY = 500;
let hitsSinceSweep = 0;

/**
 * Counts `by` hits (one by default) of `key` in a fixed window of `windowMs`, in one atomic upsert:
 * the first hit (or the first after the window ended) starts a new window, later ones add up.
 */
export async function countHit(db: Db, key: string, windowMs: number, by = 1): Promise<HitCount> {
  const resetAt = sql`now() + (${windowMs}::double precision * interval '1 millisecond')`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: by, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${windowOpen} THEN ${rateLimits.hits} + ${by}::int ELSE ${by}::int END`,
        resetAt: sql`CASE WHEN ${windowOpen} THEN ${rateLimits.resetAt} ELSE ${resetAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, ttlMs });
  hitsSinceSweep += 1;
  if (hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0;
    await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
  }
  return row ?? { hits: by, ttlMs: windowMs };
}

/** Takes back one hit (an attempt that turned out not to count, such as a successful login). */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a counter altogether. */
export async function forgetHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** What @fastify/rate-limit hands a route's store: the merged options and the route. */
const childOptionsSchema = z.object({
  groupId: z.string().optional(),
  routeInfo: z
    .object({ method: z.union([z.string(), z.array(z.string())]).optional(), url: z.string().optional() })
    .optional(),
});

/**
 * The @fastify/rate-limit store over the rate_limits table. The plugin keys hits by address only,
 * so each route with its own limit gets a child store with its own bucket (its method and path,
 * or its groupId when several routes share one limit).
 */
function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly bucket = 'plugin',
    ) {}

    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      countHit(db, counterKey(this.bucket, key), windowMs).then(
        (r) => done(null, { current: r.hits, ttl: r.ttlMs }),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      const parsed = childOptionsSchema.safeParse(options);
      const info = parsed.success ? parsed.data : {};
      const route = `${[info.routeInfo?.method ?? ''].flat().join(',')} ${info.routeInfo?.url ?? ''}`;
      return new DatabaseStore(options, info.groupId ? `group:${info.groupId}` : `route:${route}`);
    }
  };
}

/** The 429 every limit answers: translated in the app from its code and details.retryAfter. */
export function rateLimitedError(retryAfterSec: number, message = 'Too many requests, try again later') {
  const wait = Math.max(1, Math.ceil(retryAfterSec));
  return new AppError('rate_limited', message, { retryAfter: wait }, { 'Retry-After': String(wait) });
}

/**
 * A route's own limit: at most `max` requests per client address per `window` (milliseconds, or
 * text such as '1 hour'). Use as `config: { rateLimit: perAddress(20, '1 hour') }` and list
 * 'rate_limited' in the route's errorResponses. Counted once the body passed validation (a
 * mistyped form costs nothing; a flood of bad bodies meets the per-minute ceiling instead).
 */
export function perAddress(max: number, window: number | string): RateLimitOptions {
  return { max, timeWindow: window, hook: 'preHandler' };
}

/** Hits of the ceiling a process keeps before writing them to the database in one upsert. */
const CEILING_BATCH = 10;
/** Within this many hits of the limit, every hit is written at once (the count must be exact there). */
const CEILING_NEAR = 10 * CEILING_BATCH;
const CEILING_WINDOW_MS = 60_000;
const CEILING_MAX_KEYS = 10_000;

/**
 * The per-address ceiling of one process. It sees every API request, so instead of one upsert per
 * request it writes its hits CEILING_BATCH at a time (and each at once when the total it last read
 * plus its own comes within CEILING_NEAR of the limit): a tenth of the writes on the single PGlite
 * connection, and a count that stays exact where it decides. Once the
 * database says an address is over, it is refused here without a query until its window ends.
 *
 * Far from the limit the request whose hit fills a batch does not wait for the write, unless
 * another write of the address is under way; within CEILING_NEAR of it, it does. The hits a
 * write carries leave `pending` before the write starts and stay `writing` until it ends:
 * requests that arrive meanwhile start the next batch instead of writing the same hits again
 * (which once refused a post behind one address after a third of its limit), and the distance to
 * the limit counts the hits still on their way to the database.
 */
function ceilingCounter(db: Db, max: number) {
  const local = new Map<string, { pending: number; writing: number; known: number; until: number }>();
  return async function hit(address: string): Promise<number | null> {
    const now = Date.now();
    const key = counterKey('all', address);
    let entry = local.get(key);
    if (!entry || entry.until <= now) {
      if (local.size >= CEILING_MAX_KEYS) local.clear();
      entry = { pending: 0, writing: 0, known: 0, until: now + CEILING_WINDOW_MS };
      local.set(key, entry);
    }
    if (entry.known > max) return entry.until - now;
    entry.pending += 1;
    const headroom = max - entry.known - entry.writing - entry.pending;
    if (entry.pending < CEILING_BATCH && headroom >= CEILING_NEAR) return null;
    const by = entry.pending;
    entry.pending = 0;
    entry.writing += by;
    const counting = entry;
    const written = countHit(db, key, CEILING_WINDOW_MS, by).then(
      (counted) => {
        // Writes may finish out of order: the highest total of the window is the latest.
        if (counted.hits > counting.known)
          Object.assign(counting, { known: counted.hits, until: now + counted.ttlMs });
        return counted;
      },
      (err: unknown) => {
        // Not counted: the hits wait for the next write.
        counting.pending += by;
        throw err;
      },
    );
    const settled = written.finally(() => {
      counting.writing -= by;
    });
    if (headroom >= CEILING_NEAR && counting.writing === by) {
      // Far from the limit, with no other write of this address under way, the request does not
      // wait for its batch to be written (a round trip, on one request in CEILING_BATCH): the
      // hits stay counted in `writing` until it is. A batch that finds one under way waits, so
      // the total read back (with the other instances' hits) is never more than one write old.
      settled.catch(() => undefined);
      return null;
    }
    const counted = await settled;
    return counted.hits > max ? counted.ttlMs : null;
  };
}

/**
 * Registers the plugin (routes opt in with `config.rateLimit`) and the per-address ceiling on
 * every /api request. The ceiling is a hook of its own rather than the plugin's global limit:
 * the plugin runs one limit per request, and a route's own limit would replace the ceiling.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db, perMinute: number) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(db),
    errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl / 1000),
  });
  const ceiling = ceilingCounter(db, perMinute);
  // The web app's files are not throttled: one page load fetches dozens of them.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const waitMs = await ceiling(normalizeIP(request.ip));
    if (waitMs !== null) throw rateLimitedError(waitMs / 1000);
  });
}
