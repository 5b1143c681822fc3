/**
 * Transfers (docs/decisions/014-points-of-entry.md): a traveller moves to another post (another
 * point of entry, or a quarantine facility's post). In one write transaction, under the write
 * lock so the change numbers commit in order:
 * - the traveller takes the new post, a new version and a new change_seq;
 * - its declaration, timeline and check-ins follow (post_id) with new change_seqs, so the new
 *   post's devices pull them all;
 * - a departure row tells the old post's devices to drop them (sync/pull.ts);
 * - a 'transferred' timeline event with the reason, and an audit row.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { lockWrites } from '../../write-path/apply.ts';
import { writeAudit } from '../audit/audit.ts';
import { readsPost, writesPost } from './scope.ts';
import { listPosts } from './store.ts';

const travelerRowSchema = z.object({
  post: z.string(),
  version: z.coerce.number(),
  deleted: z.boolean(),
});
const nameSchema = z.object({ name: z.string().nullable() });

export async function transferTraveler(
  database: Pick<Database, 'db' | 'upkeep'>,
  user: AuthUser,
  ip: string | null,
  travelerId: string,
  to: { postId: string; reason: string },
): Promise<{ version: number }> {
  const all = await listPosts(database.db);
  const target = all.find((p) => p.id === to.postId);
  const result = await database.db.transaction(async (tx) => {
    await lockWrites(tx);
    const [row] = await queryRows(
      tx,
      travelerRowSchema,
      sql`SELECT entry_post_id::text AS post, version, deleted_at IS NOT NULL AS deleted FROM travelers WHERE id = ${travelerId}::uuid`,
    );
    if (!row || row.deleted || !readsPost(user.scope, row.post)) throw notFound();
    if (!writesPost(user.scope, row.post)) throw forbidden();
    if (!target) throw unprocessable([{ field: 'postId', code: 'post.errors.unknownPost' }]);
    if (target.closedAt !== null) throw unprocessable([{ field: 'postId', code: 'post.errors.closed' }]);
    if (target.id === row.post) throw unprocessable([{ field: 'postId', code: 'post.errors.samePost' }]);
    const from = all.find((p) => p.id === row.post);
    const [actor] = await queryRows(tx, nameSchema, sql`SELECT name FROM users WHERE id = ${user.id}::uuid`);
    await tx.execute(sql`UPDATE travelers SET entry_post_id = ${target.id}::uuid, version = version + 1,
      change_seq = nextval('change_seq'), updated_at = now(), updated_by = ${user.id}::uuid WHERE id = ${travelerId}::uuid`);
    for (const table of ['health_declarations', 'traveler_events', 'check_ins']) {
      await tx.execute(sql`UPDATE ${sql.raw(table)} SET post_id = ${target.id}::uuid, change_seq = nextval('change_seq')
        WHERE traveler_id = ${travelerId}::uuid`);
    }
    await tx.execute(sql`INSERT INTO post_departures (post_id, traveler_id, change_seq)
      VALUES (${row.post}::uuid, ${travelerId}::uuid, nextval('change_seq'))`);
    const details = {
      fromPostId: row.post,
      toPostId: target.id,
      fromCode: from?.code ?? null,
      toCode: target.code,
    };
    await tx.execute(sql`INSERT INTO traveler_events (id, traveler_id, kind, occurred_at, reason, actor_id, actor_name,
        details, post_id, version, change_seq, created_by, updated_by)
      VALUES (${randomUUID()}::uuid, ${travelerId}::uuid, 'transferred', now(), ${to.reason}, ${user.id}::uuid,
        ${actor?.name ?? null}, ${JSON.stringify(details)}::jsonb, ${target.id}::uuid, 1, nextval('change_seq'),
        ${user.id}::uuid, ${user.id}::uuid)`);
    await writeAudit(tx, {
      userId: user.id,
      ip,
      action: 'traveler.transfer',
      entity: 'traveler',
      entityId: travelerId,
      oldVersion: row.version,
      newVersion: row.version + 1,
      details: { ...details, reason: to.reason },
    });
    return { version: row.version + 1 };
  });
  database.upkeep.noteWrites({ travelers: 1, traveler_events: 1 });
  return result;
}
