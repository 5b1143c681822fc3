/**
 * Login sessions. A login starts a family of refresh tokens (sessions rows sharing family_id;
 * the first row's id is the family id, which is also the access token's `sid`). Only a SHA-256
 * of each refresh token is stored. Every refresh marks the presented row used and adds a new
 * one; presenting a used token again means it leaked, so the whole family is revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@bh/shared';
import { and, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, sessions, users } from '../../db/schema.ts';
import { resolveScope, type Scope } from '../posts/scope.ts';
import type { Executor } from '../users/store.ts';
import { deviceRevoked, sessionDeviceRevoked, touchDevice } from './devices.ts';

export const REFRESH_COOKIE = 'bh_refresh';
export const ACCESS_TTL_SEC = 15 * 60;
/** With "remember me" the session lives 30 days (sliding); without it 12 hours. */
const PERSISTENT_TTL_SEC = 30 * 24 * 3600;
const SESSION_TTL_SEC = 12 * 3600;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const ttlOf = (persistent: boolean) => (persistent ? PERSISTENT_TTL_SEC : SESSION_TTL_SEC);

export interface IssuedRefresh {
  token: string;
  familyId: string;
  persistent: boolean;
  maxAgeSec: number;
}

async function insertRow(
  db: Executor,
  row: {
    id: string;
    userId: string;
    familyId: string;
    persistent: boolean;
    ip: string | null;
    postId: string | null;
    deviceId: string | null;
  },
): Promise<IssuedRefresh> {
  const token = newToken();
  const ttl = ttlOf(row.persistent);
  await db.insert(sessions).values({
    ...row,
    tokenHash: hashToken(token),
    // The database clock decides expiry, like every other session check.
    expiresAt: sql`now() + make_interval(secs => ${ttl})`,
  });
  return { token, familyId: row.familyId, persistent: row.persistent, maxAgeSec: ttl };
}

export function startSession(
  db: Executor,
  userId: string,
  persistent: boolean,
  ip: string | null,
  postId: string | null = null,
  deviceId: string | null = null,
) {
  const id = randomUUID();
  return insertRow(db, { id, userId, familyId: id, persistent, ip, postId, deviceId });
}

/** Moves a session (every row of its family) to another post; the scope cache forgets it. */
export async function setSessionPost(db: Executor, familyId: string, postId: string) {
  await db
    .update(sessions)
    .set({ postId })
    .where(or(eq(sessions.familyId, familyId), eq(sessions.id, familyId)));
  forgetActiveSessions();
}

export type RotateResult =
  | { kind: 'ok'; userId: string; postId: string | null; refresh: IssuedRefresh }
  | { kind: 'reuse'; userId: string; familyId: string }
  | { kind: 'device_revoked' }
  | { kind: 'invalid' };

/** Exchanges a refresh token for a new one; atomic, so two racing refreshes cannot both win. */
export async function rotateSession(db: Db, token: string, ip: string | null): Promise<RotateResult> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(sessions)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.usedAt),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning({
        userId: sessions.userId,
        familyId: sessions.familyId,
        persistent: sessions.persistent,
        postId: sessions.postId,
        deviceId: sessions.deviceId,
      });
    if (used) {
      const refresh = await insertRow(tx, { id: randomUUID(), ...used, ip });
      return { kind: 'ok', userId: used.userId, postId: used.postId, refresh };
    }
    // A known token that was used before and is not revoked yet: it leaked, end the family.
    const [reused] = await tx
      .select({ userId: sessions.userId, familyId: sessions.familyId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(sessions.usedAt), isNull(sessions.revokedAt)))
      .limit(1);
    if (reused) {
      await revokeFamily(tx, reused.familyId);
      return { kind: 'reuse', ...reused };
    }
    const [revokedDevice] = await tx
      .select({ id: devices.id })
      .from(sessions)
      .innerJoin(devices, eq(devices.id, sessions.deviceId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(devices.revokedAt)))
      .limit(1);
    return revokedDevice ? { kind: 'device_revoked' } : { kind: 'invalid' };
  });
}

/** Family and user of a refresh token (used or not), for logout. */
export async function findFamily(db: Executor, token: string) {
  const [row] = await db
    .select({ userId: sessions.userId, familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await revokeWhere(db, or(eq(sessions.familyId, familyId), eq(sessions.id, familyId)));
}

/** Ends every session of a user (disabled, role changed), except one family if given. */
export async function revokeUserSessions(db: Executor, userId: string, exceptFamily?: string) {
  await revokeWhere(
    db,
    and(
      eq(sessions.userId, userId),
      exceptFamily === undefined ? undefined : ne(sessions.familyId, exceptFamily),
    ),
  );
}

/**
 * Revokes a device (api/devices.ts) and every session started on it; the cache forgets them, so
 * on this instance the device's next request is refused; another instance refuses it within
 * CACHE_MS. False when it was revoked already.
 */
export async function revokeDevice(db: Executor, deviceId: string): Promise<boolean> {
  const done = await db
    .update(devices)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(devices.id, deviceId), isNull(devices.revokedAt)))
    .returning({ id: devices.id });
  await revokeWhere(db, eq(sessions.deviceId, deviceId));
  return done.length > 0;
}

/**
 * Revokes the sessions matching `which` that are not revoked yet, and forgets the cached
 * "still active" answers so no revoked session is let through.
 */
async function revokeWhere(db: Executor, which: SQL | undefined) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(sessions.revokedAt)));
  forgetActiveSessions();
}

// Positive answers of activeSession are kept for a moment so that a burst of requests costs
// one query; any revocation (a logout, a revoked device), post switch or assignment change in
// this process empties the cache, so it never outlives a logout. Another instance sees such a
// change within CACHE_MS: a device revoked through one instance may go on working through
// another for at most 2 s, never longer (a cached answer is not renewed without a query).
const CACHE_MS = 2_000;
const activeCache = new Map<string, { until: number; session: ActiveSession }>();

/** Forgets the cached sessions and their scopes (revocations, switches, assignments). */
export function forgetActiveSessions() {
  activeCache.clear();
}

/** A live session: the post it works at (null: none chosen) and its scope. */
export interface ActiveSession {
  postId: string | null;
  scope: Scope;
}

/**
 * The session of an access token while it is neither revoked nor expired and its user is
 * enabled, with its scope (modules/posts/scope.ts); null otherwise. A session of a revoked
 * device throws device_revoked (401) instead, so the device knows to wipe itself. The device's
 * last_seen_at is noted at most once a minute (devices.ts).
 */
export async function activeSession(
  db: Executor,
  sessionId: string,
  userId: string,
  role: Role,
): Promise<ActiveSession | null> {
  const key = `${sessionId}|${userId}|${role}`;
  const known = activeCache.get(key);
  if (known !== undefined && known.until > Date.now()) return known.session;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(sessionId) || !uuid.test(userId)) return null;
  const rows = await db
    .select({ id: sessions.id, postId: sessions.postId, deviceId: sessions.deviceId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(eq(sessions.familyId, sessionId), eq(sessions.id, sessionId)),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  const [row] = rows;
  if (!row) {
    if (await sessionDeviceRevoked(db, sessionId)) throw deviceRevoked();
    return null;
  }
  if (row.deviceId !== null) await touchDevice(db, row.deviceId);
  const session = { postId: row.postId, scope: await resolveScope(db, userId, role, row.postId) };
  if (activeCache.size > 10_000) activeCache.clear();
  activeCache.set(key, { until: Date.now() + CACHE_MS, session });
  return session;
}
