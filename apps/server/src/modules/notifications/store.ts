/**
 * In-app notifications per user. Titles and messages are stored as i18n keys (with optional
 * params) so each user reads them in their own language; plain text is stored as it is.
 * The message column holds either the key/text or JSON {"key","params"} when there are params.
 */
import { randomBytes } from 'node:crypto';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationPriority,
  type NotificationType,
  type NotificationView,
} from '@bh/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { meta, notifications, users } from '../../db/schema.ts';
import type { Executor } from '../users/store.ts';

export interface NewNotification {
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  params?: Record<string, string | number>;
}

/** A time-ordered UUID (version 7): the spec's "time-based id" in the table's uuid column. */
export function timeBasedId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x70, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The spec's two seeded notifications (a maintenance warning and a procedure update). */
const SEED_NOTIFICATIONS: readonly NewNotification[] = [
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

const encodedMessageSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

function decodeMessage(raw: string): { message: string; params: Record<string, string | number> } {
  if (raw.startsWith('{')) {
    try {
      const parsed = encodedMessageSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return { message: parsed.data.key, params: parsed.data.params };
    } catch {
      // not our encoding: plain text that starts with a brace
    }
  }
  return { message: raw, params: {} };
}

const typeOf = (v: string): NotificationType => NOTIFICATION_TYPES.find((t) => t === v) ?? 'info';
const priorityOf = (v: string): NotificationPriority => NOTIFICATION_PRIORITIES.find((p) => p === v) ?? 'low';

/** Adds notifications for a user; the newest comes first in the list. */
export async function addNotifications(
  db: Executor,
  userId: string,
  items: readonly NewNotification[],
  now = Date.now(),
) {
  if (items.length === 0) return;
  // Earlier items get later timestamps so the list keeps the given order, newest first.
  await db.insert(notifications).values(
    items.map((n, i) => ({
      id: timeBasedId(now - i),
      userId,
      type: n.type,
      title: n.title,
      message: encodeMessage(n),
      priority: n.priority,
      read: false,
      createdAt: new Date(now - i),
    })),
  );
}

/** Seeds the spec's notifications once per user, the first time their list is read. */
export async function seedOnce(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    const marked = await tx
      .insert(meta)
      .values({ key: `notifications_seeded:${userId}`, value: new Date().toISOString() })
      .onConflictDoNothing({ target: meta.key })
      .returning({ key: meta.key });
    if (marked.length > 0) await addNotifications(tx, userId, SEED_NOTIFICATIONS);
  });
}

export async function listNotifications(db: Executor, userId: string): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map((r) => ({
    id: r.id,
    // The columns hold only values written from NewNotification.
    type: typeOf(r.type),
    title: r.title,
    ...decodeMessage(r.message),
    priority: priorityOf(r.priority),
    timestamp: r.createdAt.toISOString(),
    read: r.read,
  }));
}

/** Adds one notification to every enabled user (e.g. a system mode change). */
export async function notifyAllUsers(db: Executor, n: NewNotification) {
  await db.insert(notifications).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        userId: users.id,
        type: sql<string>`${n.type}`.as('type'),
        title: sql<string>`${n.title}`.as('title'),
        message: sql<string>`${encodeMessage(n)}`.as('message'),
        priority: sql<string>`${n.priority}`.as('priority'),
        read: sql<boolean>`false`.as('read'),
        createdAt: sql<Date>`now()`.as('created_at'),
      })
      .from(users)
      .where(eq(users.disabled, false)),
  );
}

/** Marks the user's notifications read (one, or all when `id` is omitted); how many changed. */
export async function markRead(db: Executor, userId: string, id?: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, userId),
        id === undefined ? eq(notifications.read, false) : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Removes the user's notifications (one, or all when `id` is omitted); how many went. */
export async function removeNotifications(db: Executor, userId: string, id?: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), id === undefined ? undefined : eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length;
}
