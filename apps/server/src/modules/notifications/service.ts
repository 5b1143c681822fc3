/**
 * In-app notifications per user. Titles and messages are stored as i18n keys (with optional
 * params) so each user reads them in their own language; plain text is stored as it is.
 * The message column holds either the key/text or JSON {"key","params"} when there are params.
 */
import { randomBytes } from 'node:crypto';
import type { NotificationPriority, NotificationType } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface NewNotification {
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  params?: Record<string, string | number>;
}

export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  params: Record<string, string | number>;
  priority: string;
  timestamp: string;
  read: boolean;
}

/** A time-ordered UUID (version 7): the spec's "time-based id" in the table's uuid column. */
export function timeBasedId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The spec's two seeded notifications (a maintenance warning and a procedure update). */
export const SEED_NOTIFICATIONS: readonly NewNotification[] = [
  {
    type: 'warning',
    priority: 'medium',
    title: 'notifications.seed.maintenanceTitle',
    message: 'notifications.seed.maintenanceMessage',
    params: { time: '2:00' },
  },
  {
    type: 'info',
    priority: 'low',
    title: 'notifications.seed.procedureTitle',
    message: 'notifications.seed.procedureMessage',
  },
];

const encodeMessage = (n: NewNotification) =>
  n.params && Object.keys(n.params).length > 0
    ? JSON.stringify({ key: n.message, params: n.params })
    : n.message;

function decodeMessage(raw: string): { message: string; params: Record<string, string | number> } {
  if (raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as { key?: unknown; params?: unknown };
      if (typeof parsed.key === 'string' && parsed.params && typeof parsed.params === 'object') {
        return { message: parsed.key, params: parsed.params as Record<string, string | number> };
      }
    } catch {
      // not our encoding: plain text that starts with a brace
    }
  }
  return { message: raw, params: {} };
}

type Exec = Pick<Db, 'execute'>;

/** Adds notifications for a user; the newest comes first in the list. */
export async function addNotifications(
  db: Exec,
  userId: string,
  items: readonly NewNotification[],
  now = Date.now(),
) {
  // Earlier items get later timestamps so the list keeps the given order, newest first.
  for (const [i, n] of items.entries()) {
    const at = now - i;
    await db.execute(sql`INSERT INTO notifications (id, user_id, type, title, message, priority, read, created_at)
      VALUES (${timeBasedId(at)}, ${userId}, ${n.type}, ${n.title}, ${encodeMessage(n)}, ${n.priority}, false,
        ${new Date(at).toISOString()}::timestamptz)`);
  }
}

/** Seeds the spec's notifications once per user, the first time their list is read. */
export async function seedOnce(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    const marked = await tx.execute(sql`INSERT INTO meta (key, value)
      VALUES (${`notifications_seeded:${userId}`}, ${new Date().toISOString()})
      ON CONFLICT (key) DO NOTHING RETURNING key`);
    if (marked.rows.length > 0) await addNotifications(tx, userId, SEED_NOTIFICATIONS);
  });
}

export async function listNotifications(db: Db, userId: string): Promise<NotificationView[]> {
  const res = await db.execute(sql`SELECT id::text AS id, type, title, message, priority, read, created_at
    FROM notifications WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    id: String(r.id),
    type: String(r.type),
    title: String(r.title),
    ...decodeMessage(String(r.message)),
    priority: String(r.priority),
    timestamp: new Date(r.created_at as string | Date).toISOString(),
    read: r.read === true || r.read === 't',
  }));
}

/** Adds one notification to every enabled user (e.g. a system mode change). */
export async function notifyAllUsers(db: Exec, n: NewNotification) {
  await db.execute(sql`INSERT INTO notifications (id, user_id, type, title, message, priority, read, created_at)
    SELECT gen_random_uuid(), id, ${n.type}, ${n.title}, ${encodeMessage(n)}, ${n.priority}, false, now()
    FROM users WHERE disabled = false`);
}
