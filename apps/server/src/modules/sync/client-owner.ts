/**
 * A sync client id belongs to the first user who pushes with it. Stored push results are keyed
 * by (clientId, seq), so binding the client id to one user keys idempotency by
 * (user, clientId, seq): another user who sends a known client id is refused (409) and audited,
 * instead of being answered with the first user's results.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { syncClients } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';

/**
 * Claims the client id for the user (atomically: one INSERT ... ON CONFLICT, so two users
 * racing on a new id cannot both win) and throws a 409 when it belongs to someone else.
 * A row left without a user (older data) is claimed by the first user who pushes with it.
 */
export async function claimClientId(db: Db, clientId: string, userId: string, ip: string | null) {
  const [row] = await db
    .insert(syncClients)
    .values({ clientId, userId })
    .onConflictDoUpdate({
      target: syncClients.clientId,
      set: { userId: sql`COALESCE(${syncClients.userId}, excluded.user_id)` },
    })
    .returning({ userId: syncClients.userId });
  if (row?.userId === userId) return;
  await writeAudit(db, {
    userId,
    ip,
    action: 'sync.client_id.refused',
    entity: 'sync_client',
    entityId: clientId,
    details: { ownerId: row?.userId ?? null },
  });
  throw new AppError('conflict', 'sync.errors.clientIdOfAnotherUser', [
    { field: 'clientId', code: 'sync.errors.clientIdOfAnotherUser' },
  ]);
}
