/**
 * The push queue: `queuePush` writes one push_queue row per subscription of the recipients, in
 * the caller's transaction or right after its write, and never waits for a push service. The
 * job loop (sender.ts) claims due rows, sends them and retries failures later.
 */
import type { PushMessage } from '@bh/shared';
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushQueue, pushSubscriptions, users } from '../../db/schema.ts';
import type { Executor } from '../users/store.ts';

/** Who gets a push: every enabled user, the enabled users of a role, or some users. */
export type PushRecipients = { all: true } | { role: 'admin' | 'officer' } | { userIds: readonly string[] };

type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  urgency?: PushUrgency;
  /** Seconds the push service keeps the message for an offline device. */
  ttl?: number;
}

const wakeListeners = new Set<() => void>();

/** The job loop of this process hears about new rows at once instead of at its next poll. */
export function onPushQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

function recipientsWhere(to: PushRecipients): SQL | undefined {
  if ('all' in to) return eq(users.disabled, false);
  if ('role' in to) return and(eq(users.disabled, false), eq(users.role, to.role));
  return and(eq(users.disabled, false), inArray(users.id, [...to.userIds]));
}

/** Queues `message` for every subscription of the recipients; how many rows were queued. */
export async function queuePush(
  db: Executor,
  to: PushRecipients,
  message: PushMessage,
  options: PushOptions = {},
): Promise<number> {
  if ('userIds' in to && to.userIds.length === 0) return 0;
  const targets = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(recipientsWhere(to));
  if (targets.length === 0) return 0;
  const rows = await db
    .insert(pushQueue)
    .values(
      targets.map((t) => ({
        subscriptionId: t.id,
        payload: message,
        urgency: options.urgency ?? 'normal',
        ttl: options.ttl ?? 86400,
      })),
    )
    .returning({ id: pushQueue.id });
  if (rows.length > 0) for (const wake of wakeListeners) wake();
  return rows.length;
}

/** How long a claimed row stays invisible to other loops (a crashed sender's rows come back). */
const LEASE = sql`interval '2 minutes'`;

/**
 * Claims up to `limit` due rows for this loop: the inner SELECT ... FOR UPDATE SKIP LOCKED skips
 * rows another instance is claiming right now, and the lease moves next_attempt_at forward so
 * nobody else picks them up while they are being sent. One statement, no open transaction.
 */
export async function claimDuePushes(db: Db, limit: number) {
  const due = db
    .select({ id: pushQueue.id })
    .from(pushQueue)
    .where(lte(pushQueue.nextAttemptAt, sql`now()`))
    .orderBy(pushQueue.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(pushQueue)
    .set({ attempts: sql`${pushQueue.attempts} + 1`, nextAttemptAt: sql`now() + ${LEASE}` })
    .where(inArray(pushQueue.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((r) => r.subscriptionId))]));
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  return claimed.flatMap((row) => {
    const subscription = byId.get(row.subscriptionId);
    return subscription ? [{ row, subscription }] : [];
  });
}

export async function deletePush(db: Db, id: number) {
  await db.delete(pushQueue).where(eq(pushQueue.id, id));
}

/** Schedules another try after `delaySeconds`, keeping why the last one failed. */
export async function retryPushLater(db: Db, id: number, delaySeconds: number, error: string) {
  await db
    .update(pushQueue)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      lastError: error.slice(0, 500),
    })
    .where(eq(pushQueue.id, id));
}

/** The push service says the subscription is gone (404/410) or it can never be sent to. */
export async function deleteSubscription(db: Db, subscriptionId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}
