/**
 * Reads audited (issue 33 point 5, docs/decisions/015-revoked-devices.md): what officers opened of
 * a traveller (its declaration, a file), recorded on the device and sent in batches. Each is an
 * audit entry `read.<what>` about the traveller, by the caller, from the session's device. The
 * device's event id is kept (client_event_id, unique): a batch sent again after a lost answer
 * stores nothing twice, so every read lands exactly once.
 */
import { READ_ACTION_PREFIX, type ReadEvent } from '@bh/shared';
import { isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

interface Reader {
  userId: string;
  ip: string | null;
  deviceId: string | null;
}

/** Stores the batch's reads not stored before; answers how many were new and how many seen. */
export async function storeReads(
  db: Pick<Db, 'insert'>,
  by: Reader,
  events: readonly ReadEvent[],
  now = new Date(),
): Promise<{ stored: number; duplicates: number }> {
  // One event id twice in a batch is one read.
  const unique = [...new Map(events.map((e) => [e.id, e])).values()];
  const rows = await db
    .insert(auditEvents)
    .values(
      unique.map((e) => {
        const at = new Date(e.at);
        return {
          // A device clock ahead of the server's does not put a read in the future.
          at: at > now ? now : at,
          userId: by.userId,
          ip: by.ip,
          action: `${READ_ACTION_PREFIX}.${e.viewed}`,
          entity: 'traveler',
          entityId: e.travelerId,
          details: { viewed: e.viewed, ...(e.fileId ? { fileId: e.fileId } : {}) },
          deviceId: by.deviceId,
          clientEventId: e.id,
        };
      }),
    )
    .onConflictDoNothing({ target: auditEvents.clientEventId, where: isNotNull(auditEvents.clientEventId) })
    .returning({ id: auditEvents.id });
  return { stored: rows.length, duplicates: events.length - rows.length };
}

/** The viewer's "reads" filter: entries whose action is read.* (the escaped LIKE pattern). */
export const isRead = sql`${auditEvents.action} LIKE ${`${READ_ACTION_PREFIX}.%`}`;
