/**
 * Who and what an audit page is about, for sentences a person reads: the traveller behind each
 * entry (the traveller, their declaration, a timeline event or a check-in) and, for a timeline
 * event, its kind and the status it asked for. Also the search of entries by a traveller's name
 * or passport number.
 */
import { type AuditEntry, searchKey } from '@bh/shared';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, checkIns, healthDeclarations, travelerEvents, travelers } from '../../db/schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Entries of the travellers whose name contains `text` (accents and case forgiven) or whose
 * passport is `text`, and of their records.
 */
export function ofTravelersMatching(text: string): SQL | undefined {
  const escaped = searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!escaped) return undefined;
  const found = sql`(SELECT ${travelers.id} FROM ${travelers}
    WHERE ${travelers.nameFolded} LIKE ${`%${escaped}%`} OR ${travelers.passportNo} = ${text.trim().toUpperCase()})`;
  const idsOf = (table: typeof healthDeclarations | typeof travelerEvents | typeof checkIns) =>
    sql`(SELECT ${table.id}::text FROM ${table} WHERE ${table.travelerId} IN ${found})`;
  return or(
    inArray(auditEvents.entityId, sql`(SELECT id::text FROM ${found} AS t(id))`),
    inArray(auditEvents.entityId, idsOf(healthDeclarations)),
    inArray(auditEvents.entityId, idsOf(travelerEvents)),
    inArray(auditEvents.entityId, idsOf(checkIns)),
  );
}

type Subject = Pick<AuditEntry, 'traveler' | 'event'>;

/** The traveller (and the timeline event) of each entry of a page, by entity id. */
export async function subjectsOf(
  db: Db,
  page: readonly { entity: string | null; entityId: string | null }[],
): Promise<Map<string, Subject>> {
  const idsOf = (entity: string) => [
    ...new Set(
      page.flatMap((e) => (e.entity === entity && e.entityId && UUID.test(e.entityId) ? [e.entityId] : [])),
    ),
  ];
  const [declarationIds, eventIds, checkInIds] = [
    idsOf('health_declaration'),
    idsOf('traveler_event'),
    idsOf('check_in'),
  ];
  const [declarations, events, checks] = await Promise.all([
    declarationIds.length === 0
      ? []
      : db
          .select({ id: healthDeclarations.id, travelerId: healthDeclarations.travelerId })
          .from(healthDeclarations)
          .where(inArray(healthDeclarations.id, declarationIds)),
    eventIds.length === 0
      ? []
      : db
          .select({
            id: travelerEvents.id,
            travelerId: travelerEvents.travelerId,
            kind: travelerEvents.kind,
            toStatus: travelerEvents.toStatus,
          })
          .from(travelerEvents)
          .where(inArray(travelerEvents.id, eventIds)),
    checkInIds.length === 0
      ? []
      : db
          .select({ id: checkIns.id, travelerId: checkIns.travelerId })
          .from(checkIns)
          .where(inArray(checkIns.id, checkInIds)),
  ]);
  const travelerOf = new Map<string, string>(idsOf('traveler').map((id) => [id, id]));
  for (const r of [...declarations, ...events, ...checks]) travelerOf.set(r.id, r.travelerId);
  const travelerIds = [...new Set(travelerOf.values())];
  const names =
    travelerIds.length === 0
      ? []
      : await db
          .select({ id: travelers.id, fullName: travelers.fullName })
          .from(travelers)
          .where(inArray(travelers.id, travelerIds));
  const nameOf = new Map(names.map((n) => [n.id, n.fullName]));
  const eventOf = new Map(events.map((e) => [e.id, { kind: e.kind, toStatus: e.toStatus }]));
  const out = new Map<string, Subject>();
  for (const [entityId, travelerId] of travelerOf) {
    const fullName = nameOf.get(travelerId);
    out.set(entityId, {
      traveler: fullName === undefined ? null : { id: travelerId, fullName },
      event: eventOf.get(entityId) ?? null,
    });
  }
  return out;
}
