/**
 * A traveller's timeline as the REST API answers it: the stored events, oldest first, led by a
 * 'created' entry made from the traveller row (when and by whom it was registered). The server
 * stores no 'created' event: one per traveller was half of what a fresh device pulled (migration
 * 0014 removed the stored ones; a stored one still present is shown instead of the derived one).
 */
import { leadByRegistration, registrationEvent, type TravelerEvent, travelerEventSchema } from '@bh/shared';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { travelerEvents, travelers, users } from '../../db/schema.ts';
import { toApiRecord } from '../../write-path/records.ts';

const { changeSeq: _seq, createdBy: _by, updatedBy: _up, ...eventColumns } = getTableColumns(travelerEvents);

/** The traveller's timeline, or null when no such traveller (tombstones have a timeline too). */
export async function timelineOf(db: Db, travelerId: string): Promise<TravelerEvent[] | null> {
  const [traveler] = await db
    .select({ createdAt: travelers.createdAt, createdBy: travelers.createdBy, actorName: users.name })
    .from(travelers)
    .leftJoin(users, eq(users.id, travelers.createdBy))
    .where(eq(travelers.id, travelerId));
  if (!traveler) return null;
  const rows = await db
    .select(eventColumns)
    .from(travelerEvents)
    .where(eq(travelerEvents.travelerId, travelerId))
    .orderBy(asc(travelerEvents.occurredAt), asc(travelerEvents.createdAt));
  const stored = rows.map((r) => travelerEventSchema.parse(toApiRecord(r)));
  const registered = registrationEvent(travelerId, traveler.createdAt.toISOString(), {
    id: traveler.createdBy,
    name: traveler.actorName,
  });
  return leadByRegistration(stored, registered);
}
