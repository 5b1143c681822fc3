/**
 * A sync client id belongs to the first user who pushes with it. Stored push results are keyed
 * by (clientId, seq), so binding the client id to one user keys idempotency by
 * (user, clientId, seq): another user who sends a known client id is refused (409) and audited,
 * instead of being answered with the first user's results.
 */
import { eq, sql } from 'drizzle-orm';
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
  // Known client ids (every push but a device's first) need only this indexed read, no write
  // (no WAL, no row lock), which is cheaper than the upsert
  // (docs/decisions/002-set-based-sync-apply.md).
  const [known] = await db
    .select({ userId: syncClients.userId })
    .from(syncClients)
    .where(eq(syncClients.clientId, clientId));
  const owner = known?.userId ? known.userId : await claim(db, clientId, userId);
  if (owner === userId) return;
  await writeAudit(db, {
    userId,
    ip,
    action: 'sync.client_id.refused',
    entity: 'sync_client',
    entityId: clientId,
    details: { ownerId: owner },
  });
  throw new AppError('conflict', 'sync.errors.clientIdOfAnotherUser', [
    { field: 'clientId', code: 'sync.errors.clientIdOfAnotherUser' },
  ]);
}

/** Binds a new (or ownerless) client id to the user; answers its owner after the statement. */
async function claim(db: Db, clientId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .insert(syncClients)
    .values({ clientId, userId })
    .onConflictDoUpdate({
      target: syncClients.clientId,
      set: { userId: sql`COALESCE(${syncClients.userId}, excluded.user_id)` },
    })
    .returning({ userId: syncClients.userId });
  return row?.userId ?? null;
}
