/**
 * Login sessions. A login starts a family of refresh tokens (sessions rows sharing family_id;
 * the first row's id is the family id, which is also the access token's `sid`). Only a SHA-256
 * of each refresh token is stored. Every refresh marks the presented row used and adds a new
 * one; presenting a used token again means it leaked, so the whole family is revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const REFRESH_COOKIE = 'bh_refresh';
export const ACCESS_TTL_SEC = 15 * 60;
/** With "remember me" the session lives 30 days (sliding); without it 12 hours. */
export const PERSISTENT_TTL_SEC = 30 * 24 * 3600;
export const SESSION_TTL_SEC = 12 * 3600;

type Executor = Pick<Db, 'execute'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
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
  row: { id: string; userId: string; familyId: string; persistent: boolean; ip: string | null },
): Promise<IssuedRefresh> {
  const token = newToken();
  const ttl = ttlOf(row.persistent);
  await db.execute(sql`INSERT INTO sessions (id, user_id, family_id, token_hash, persistent, expires_at, ip)
    VALUES (${row.id}, ${row.userId}, ${row.familyId}, ${hashToken(token)}, ${row.persistent},
      now() + make_interval(secs => ${ttl}), ${row.ip})`);
  return { token, familyId: row.familyId, persistent: row.persistent, maxAgeSec: ttl };
}

export function startSession(db: Executor, userId: string, persistent: boolean, ip: string | null) {
  const id = randomUUID();
  return insertRow(db, { id, userId, familyId: id, persistent, ip });
}

export type RotateResult =
  | { kind: 'ok'; userId: string; refresh: IssuedRefresh }
  | { kind: 'reuse'; userId: string; familyId: string }
  | { kind: 'invalid' };

/** Exchanges a refresh token for a new one; atomic, so two racing refreshes cannot both win. */
export async function rotateSession(db: Db, token: string, ip: string | null): Promise<RotateResult> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const used = (
      await tx.execute(sql`UPDATE sessions SET used_at = now()
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id, persistent`)
    ).rows[0] as { user_id: string; family_id: string; persistent: boolean } | undefined;
    if (used) {
      const refresh = await insertRow(tx, {
        id: randomUUID(),
        userId: used.user_id,
        familyId: used.family_id,
        persistent: used.persistent,
        ip,
      });
      return { kind: 'ok', userId: used.user_id, refresh };
    }
    const known = (
      await tx.execute(sql`SELECT user_id, family_id, used_at, revoked_at FROM sessions
        WHERE token_hash = ${tokenHash}`)
    ).rows[0] as { user_id: string; family_id: string; used_at: unknown; revoked_at: unknown } | undefined;
    if (known && known.used_at !== null && known.revoked_at === null) {
      await revokeFamily(tx, known.family_id);
      return { kind: 'reuse', userId: known.user_id, familyId: known.family_id };
    }
    return { kind: 'invalid' };
  });
}

/** Family and user of a refresh token (used or not), for logout. */
export async function findFamily(db: Executor, token: string) {
  const row = (
    await db.execute(sql`SELECT user_id, family_id FROM sessions WHERE token_hash = ${hashToken(token)}`)
  ).rows[0] as { user_id: string; family_id: string } | undefined;
  return row ? { userId: row.user_id, familyId: row.family_id } : null;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db.execute(sql`UPDATE sessions SET revoked_at = now()
    WHERE (family_id = ${familyId} OR id = ${familyId}) AND revoked_at IS NULL`);
  forgetActiveSessions();
}

/** Ends every session of a user (disabled, role changed), except one family if given. */
export async function revokeUserSessions(db: Executor, userId: string, exceptFamily?: string) {
  await db.execute(sql`UPDATE sessions SET revoked_at = now()
    WHERE user_id = ${userId} AND revoked_at IS NULL
      AND (${exceptFamily ?? null}::uuid IS NULL OR family_id <> ${exceptFamily ?? null}::uuid)`);
  forgetActiveSessions();
}

// Positive answers of isSessionActive are kept for a moment so that a burst of requests costs
// one query; any revocation in this process empties the cache, so it never outlives a logout.
const CACHE_MS = 2_000;
const activeCache = new Map<string, number>();

export function forgetActiveSessions() {
  activeCache.clear();
}

/** True while the access token's session is neither revoked nor expired and its user is enabled. */
export async function isSessionActive(db: Executor, sessionId: string, userId: string): Promise<boolean> {
  const key = `${sessionId}|${userId}`;
  const until = activeCache.get(key);
  if (until !== undefined && until > Date.now()) return true;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(sessionId) || !uuid.test(userId)) return false;
  const rows = (
    await db.execute(sql`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE (s.family_id = ${sessionId} OR s.id = ${sessionId}) AND s.user_id = ${userId}
        AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.disabled
      LIMIT 1`)
  ).rows;
  if (rows.length === 0) return false;
  if (activeCache.size > 10_000) activeCache.clear();
  activeCache.set(key, Date.now() + CACHE_MS);
  return true;
}
