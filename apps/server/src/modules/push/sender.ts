/**
 * The push job loop: claims due queue rows (safe with several server instances, see
 * claimDuePushes), sends each with web-push (RFC 8291 aes128gcm payload encryption, VAPID, TTL
 * and Urgency headers) and settles the row: sent rows go, a 404/410 answer deletes the
 * subscription, other failures are retried with a growing delay up to MAX_ATTEMPTS.
 */
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EndpointAllow } from './endpoint-allow.ts';
import { claimDuePushes, deletePush, deleteSubscription, onPushQueued, retryPushLater } from './queue.ts';
import type { VapidKeys } from './vapid.ts';

const MAX_ATTEMPTS = 6;
const BATCH = 20;
const POLL_MS = 5000;
const SEND_TIMEOUT_MS = 10000;
const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;

const keysSchema = z.object({ p256dh: z.string(), auth: z.string() });

export interface PushSenderOptions {
  db: Db;
  vapid: VapidKeys;
  allow: EndpointAllow;
  log: FastifyBaseLogger;
  /** https.Agent for the push service requests (tests pass one trusting their own CA). */
  agent?: Agent;
}

/** Seconds before try number `attempt + 1`: 30 s, 1 min, 2 min, ... at most an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

const statusOf = (err: unknown) => (err instanceof WebPushError ? err.statusCode : null);
const isPermanent = (status: number | null) =>
  status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;

export function createPushSender(opts: PushSenderOptions) {
  const { db, vapid, allow, log } = opts;
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

  async function sendOne({ row, subscription }: Awaited<ReturnType<typeof claimDuePushes>>[number]) {
    const keys = keysSchema.safeParse(subscription.keys);
    // Checked again at send time: the allow list may have shrunk since the subscription was saved.
    if (!keys.success || !allow(subscription.endpoint)) {
      await deleteSubscription(db, subscription.id);
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: keys.data },
        JSON.stringify(row.payload),
        {
          vapidDetails,
          TTL: row.ttl,
          urgency: URGENCIES.find((u) => u === row.urgency) ?? 'normal',
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          ...(opts.agent ? { agent: opts.agent } : {}),
        },
      );
      await deletePush(db, row.id);
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 || status === 410) {
        await deleteSubscription(db, subscription.id);
      } else if (isPermanent(status) || row.attempts >= MAX_ATTEMPTS) {
        log.warn({ status, attempts: row.attempts }, 'push message dropped');
        await deletePush(db, row.id);
      } else {
        const reason = status === null ? String(err) : `HTTP ${status}`;
        await retryPushLater(db, row.id, retryDelaySeconds(row.attempts), reason);
      }
    }
  }

  let running: Promise<void> | null = null;
  let again = false;

  /** Sends everything due now; concurrent calls share one run (and trigger one more pass). */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          for (;;) {
            const batch = await claimDuePushes(db, BATCH);
            if (batch.length === 0) break;
            await Promise.all(batch.map(sendOne));
          }
        } while (again);
      } catch (err) {
        log.error({ err }, 'push queue run failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  let timer: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: (() => void) | null = null;

  return {
    drain,
    /** Polls for due rows (retries, other instances' rows) and wakes at once on new rows. */
    start() {
      if (timer) return;
      timer = setInterval(() => void drain(), POLL_MS);
      timer.unref();
      unsubscribe = onPushQueued(() => void drain());
      void drain();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      await running;
    },
  };
}
