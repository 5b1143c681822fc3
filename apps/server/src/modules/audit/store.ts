/**
 * The audit viewer's reads: entries newest first with keyset paging on the id (a page is
 * `id < cursor`, so deep pages cost what the first one does), filtered by user, traveller
 * (its own entries and its declaration's, or travellers by name or passport: subjects.ts),
 * action (exact or prefix) and time. Each entry names the traveller it is about.
 *
 * Old values are the record before the change, which the write path keeps for declarations and
 * travellers (`details.previous`). New values are what the change left: the next change's
 * "previous" of the same record, or the record itself while it is still at that version.
 */
import type { AuditEntry, AuditQuery } from '@bh/shared';
import { and, desc, eq, gte, inArray, like, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditEvents, devices, healthDeclarations, travelers, users } from '../../db/schema.ts';
import { redactDetails } from './audit.ts';
import { isRead } from './reads.ts';
import { ofTravelersMatching, subjectsOf } from './subjects.ts';

/** The CSV download's columns, in order (then oldValues, newValues and details as JSON). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'userId',
  'userName',
  'ip',
  'action',
  'entity',
  'entityId',
  'oldVersion',
  'newVersion',
] as const;
/** The CSV download's header row. */
export const AUDIT_CSV_HEADER = [...AUDIT_CSV_COLUMNS, 'oldValues', 'newValues', 'details'];

type Filters = Omit<AuditQuery, 'limit' | 'format'>;

const objectSchema = z.record(z.string(), z.unknown());
const asObject = (value: unknown) => {
  const parsed = objectSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

function whereOf(f: Filters): SQL | undefined {
  const ofTraveler = f.travelerId
    ? or(
        eq(auditEvents.entityId, f.travelerId),
        inArray(
          auditEvents.entityId,
          sql`(SELECT ${healthDeclarations.id}::text FROM ${healthDeclarations} WHERE ${healthDeclarations.travelerId} = ${f.travelerId})`,
        ),
      )
    : undefined;
  const escaped = f.action?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    f.cursor ? lt(auditEvents.id, f.cursor) : undefined,
    f.userId ? eq(auditEvents.userId, f.userId) : undefined,
    f.deviceId ? eq(auditEvents.deviceId, f.deviceId) : undefined,
    f.kind === 'read' ? isRead : f.kind === 'change' ? not(isRead) : undefined,
    ofTraveler,
    f.traveler ? ofTravelersMatching(f.traveler) : undefined,
    escaped ? or(eq(auditEvents.action, escaped), like(auditEvents.action, `${escaped}.%`)) : undefined,
    f.from ? gte(auditEvents.at, new Date(f.from)) : undefined,
    f.to ? lte(auditEvents.at, new Date(f.to)) : undefined,
  );
}

/** Current records of the page's travellers and declarations, by id, with their version. */
async function currentRecords(db: Db, ids: { traveler: string[]; declaration: string[] }) {
  const out = new Map<string, { version: number; values: Record<string, unknown> }>();
  const add = (rows: { id: string; version: number }[]) => {
    for (const row of rows)
      out.set(row.id, {
        version: row.version,
        values: asObject(redactDetails(JSON.parse(JSON.stringify(row)))) ?? {},
      });
  };
  if (ids.traveler.length > 0)
    add(await db.select().from(travelers).where(inArray(travelers.id, ids.traveler)));
  if (ids.declaration.length > 0) {
    add(await db.select().from(healthDeclarations).where(inArray(healthDeclarations.id, ids.declaration)));
  }
  return out;
}

/** "previous" of the changes that followed the page's entries: the values each entry left. */
async function followingSnapshots(db: Db, entries: { entityId: string | null; newVersion: number | null }[]) {
  const ids = [...new Set(entries.flatMap((e) => (e.entityId && e.newVersion ? [e.entityId] : [])))];
  if (ids.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = await db
    .select({
      entityId: auditEvents.entityId,
      oldVersion: auditEvents.oldVersion,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(and(inArray(auditEvents.entityId, ids), sql`${auditEvents.details} ? 'previous'`));
  const out = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const previous = asObject(asObject(row.details)?.previous);
    if (previous) out.set(`${row.entityId}@${row.oldVersion}`, previous);
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function auditPage(
  db: Db,
  f: Filters,
  limit: number,
): Promise<{ items: AuditEntry[]; nextCursor: number | null }> {
  const rows = await db
    .select({
      event: auditEvents,
      userName: users.name,
      userRole: users.role,
      deviceLabel: devices.label,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .leftJoin(devices, eq(devices.id, auditEvents.deviceId))
    .where(whereOf(f))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((r) => r.event);
  const idsOf = (entity: string) => [
    ...new Set(
      page.flatMap((e) => (e.entity === entity && e.entityId && UUID.test(e.entityId) ? [e.entityId] : [])),
    ),
  ];
  const [current, following, subjects] = await Promise.all([
    currentRecords(db, { traveler: idsOf('traveler'), declaration: idsOf('health_declaration') }),
    followingSnapshots(db, page),
    subjectsOf(db, page),
  ]);
  const items = rows.slice(0, limit).map(({ event: e, userName, userRole, deviceLabel }): AuditEntry => {
    const subject = e.entityId ? subjects.get(e.entityId) : undefined;
    const details = asObject(e.details);
    const { previous, ...rest } = details ?? {};
    const now = e.entityId ? current.get(e.entityId) : undefined;
    const next = e.entityId && e.newVersion ? following.get(`${e.entityId}@${e.newVersion}`) : undefined;
    return {
      id: e.id,
      at: e.at.toISOString(),
      userId: e.userId,
      userName,
      ip: e.ip,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      oldVersion: e.oldVersion,
      newVersion: e.newVersion,
      oldValues: asObject(previous),
      newValues: next ?? (now && now.version === e.newVersion ? now.values : null),
      details: details && Object.keys(rest).length > 0 ? rest : null,
      userRole,
      traveler: subject?.traveler ?? null,
      event: subject?.event ?? null,
      device: e.deviceId ? { id: e.deviceId, label: deviceLabel ?? '' } : null,
    };
  });
  const last = page.at(-1);
  return { items, nextCursor: rows.length > limit && last ? last.id : null };
}
