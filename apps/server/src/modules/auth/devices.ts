/**
 * Devices (issue 33, docs/decisions/015-revoked-devices.md): every sign-in registers the device it
 * comes from (the id the device keeps, per account) and its sessions belong to it. Revoking a
 * device revokes its sessions at once on this instance (the session cache is emptied) and within
 * the cache's 2 s on another instance (sessions.ts, CACHE_MS); from then on every request of the
 * device, its refresh and any sign-in from it answer 401 device_revoked, which tells it to wipe
 * what it holds.
 */
import { randomUUID } from 'node:crypto';
import type { Device } from '@bh/shared';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { devices, postAssignments, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Scope } from '../posts/scope.ts';
import type { Executor } from '../users/store.ts';

export const deviceRevoked = () =>
  new AppError('device_revoked', 'This device was signed out by an administrator');

const UNKNOWN_LABEL = 'Unknown device';

/**
 * The device of a sign-in, created on its first one (a sign-in that names none gets a device of
 * its own). Its label follows what the device says; a revoked device stays revoked.
 */
export async function registerDevice(
  db: Executor,
  userId: string,
  clientId: string | undefined,
  label: string | undefined,
): Promise<{ id: string; revoked: boolean }> {
  const [row] = await db
    .insert(devices)
    .values({
      id: randomUUID(),
      userId,
      clientId: clientId ?? randomUUID(),
      label: label?.trim() || UNKNOWN_LABEL,
    })
    .onConflictDoUpdate({
      target: [devices.userId, devices.clientId],
      set: { label: sql`excluded.label`, lastSeenAt: sql`now()` },
    })
    .returning({ id: devices.id, revokedAt: devices.revokedAt });
  if (!row) throw new Error('device not stored');
  return { id: row.id, revoked: row.revokedAt !== null };
}

/** True when the session (its family or one of its rows) belongs to a revoked device. */
export async function sessionDeviceRevoked(db: Executor, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: devices.id })
    .from(sessions)
    .innerJoin(devices, eq(devices.id, sessions.deviceId))
    .where(
      and(
        or(eq(sessions.familyId, sessionId), eq(sessions.id, sessionId)),
        sql`${devices.revokedAt} IS NOT NULL`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// When this process last wrote a device's last_seen_at: at most one write a minute per device.
const SEEN_EVERY_MS = 60_000;
const lastTouched = new Map<string, number>();

/** Notes that the device was seen now, at most once a minute (per process, and in SQL for others). */
export async function touchDevice(db: Executor, deviceId: string, now = Date.now()) {
  const last = lastTouched.get(deviceId);
  if (last !== undefined && now - last < SEEN_EVERY_MS) return;
  if (lastTouched.size > 10_000) lastTouched.clear();
  lastTouched.set(deviceId, now);
  await db
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(devices.id, deviceId), sql`${devices.lastSeenAt} < now() - interval '1 minute'`));
}

/**
 * Which devices a caller may see and revoke: their own; an admin every device; a supervisor those
 * of the accounts assigned to the post they work at.
 */
function visibleTo(me: { id: string; role: string; scope: Scope }): SQL | undefined {
  if (me.role === 'admin') return undefined;
  const own = eq(devices.userId, me.id);
  if (me.scope.role !== 'supervisor' || me.scope.postId === null) return own;
  const atPost = sql`(SELECT ${postAssignments.userId} FROM ${postAssignments} WHERE ${postAssignments.postId} = ${me.scope.postId})`;
  return or(own, inArray(devices.userId, atPost));
}

interface Caller {
  id: string;
  role: string;
  sessionId: string;
  scope: Scope;
}

/** The devices the caller may see, newest first, the calling one marked. */
export async function listDevices(db: Executor, me: Caller): Promise<Device[]> {
  const rows = await db
    .select({
      id: devices.id,
      label: devices.label,
      createdAt: devices.createdAt,
      lastSeenAt: devices.lastSeenAt,
      revokedAt: devices.revokedAt,
      userId: devices.userId,
      userName: users.name,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(visibleTo(me))
    .orderBy(desc(devices.lastSeenAt), desc(devices.id))
    .limit(1000);
  const current = await currentDevice(db, me.sessionId);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    current: r.id === current,
  }));
}

/** The device a session was started on (null for sessions older than devices). */
export async function currentDevice(db: Executor, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(or(eq(sessions.familyId, sessionId), eq(sessions.id, sessionId)))
    .limit(1);
  return row?.deviceId ?? null;
}

/** One device the caller may see, or null (not theirs to see: the route answers 404). */
export async function findVisibleDevice(db: Executor, me: Caller, id: string) {
  const [row] = await db
    .select({ id: devices.id, userId: devices.userId, revokedAt: devices.revokedAt })
    .from(devices)
    .where(and(eq(devices.id, id), visibleTo(me)))
    .limit(1);
  return row ?? null;
}
