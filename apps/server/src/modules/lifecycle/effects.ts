/**
 * What the traveller lifecycle adds to a sync round (the hooks of the synced tables in
 * write-path/tables.ts; they run inside the write transaction of docs/decisions/002-set-based-sync-apply.md,
 * so an event, the status it moves and its audit row commit together or not at all):
 * - status_changed events are checked against the lifecycle table (packages/shared
 *   domain/lifecycle.ts) with the traveller's status on the server, and refused with the reason;
 *   applied ones move the traveller (entering quarantine sets the schedule);
 * - the first declaration moves a pending traveller to declared (never any other status);
 * - storing a declaration, attaching a file and a check-in append events (a traveller's creation
 *   is not stored as an event: the timeline derives it, see timeline.ts);
 * - a consent event (the consent to the privacy notice a pre-arrival code carried) is refused when
 *   the traveller has one already; an applied one is audited as `traveler.consent`, as the
 *   pre-arrival route audits the consent sent with a submission (docs/decisions/017-retention-and-rights.md).
 */
import {
  DEFAULT_QUARANTINE_DAYS,
  isFever,
  type SyncOp,
  statusChangeError,
  TRAVELER_STATUSES,
} from '@bh/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { inJsonList } from '../../db/json-list.ts';
import {
  auditEvents,
  healthDeclarations,
  systemStatus,
  travelerEvents,
  travelers,
  users,
} from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import type { AfterWriteHook, RoundHook, RoundItem } from '../../write-path/hooks.ts';

type Exec = Db | Tx;

const statusSchema = z.enum(TRAVELER_STATUSES);
const nextSeq = sql`nextval('change_seq')`;

async function actorName(tx: Exec, user: AuthUser): Promise<string | null> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, user.id));
  return row?.name ?? null;
}

async function quarantineLength(tx: Exec): Promise<number> {
  const [row] = await tx.select({ days: systemStatus.quarantineDays }).from(systemStatus);
  return row?.days ?? DEFAULT_QUARANTINE_DAYS;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** Fills the server's columns of device events and checks status changes, in order. */
export const beforeEvents: RoundHook<Map<string, string>> = async (tx, op, items, user) => {
  const refused = new Map<string, string>();
  if (op !== 'create') return refused;
  const name = await actorName(tx, user);
  const ids = [...new Set(items.map((i) => str(i.row?.travelerId)).filter((id) => id !== null))];
  const rows = ids.length
    ? await tx
        .select({ id: travelers.id, status: travelers.status })
        .from(travelers)
        .where(and(inArray(travelers.id, ids), isNull(travelers.deletedAt)))
    : [];
  // The status each traveller has after the events before it in this round.
  const statuses = new Map(rows.map((r) => [r.id, r.status]));
  const days = items.some((i) => i.row?.toStatus === 'quarantine') ? await quarantineLength(tx) : 0;
  const consented = await consentedTravelers(tx, items);
  for (const { id, row } of items) {
    if (!row) continue;
    Object.assign(row, { actorId: user.id, actorName: name, fromStatus: null, details: null });
    const travelerId = str(row.travelerId) ?? '';
    const from = statuses.get(travelerId);
    if (from === undefined) {
      refused.set(id, 'lifecycle.errors.travelerNotFound');
      continue;
    }
    if (row.kind === 'consent') {
      // Once per traveller: stored already, or earlier in this round.
      if (consented.has(travelerId)) refused.set(id, 'privacy.errors.consentRecorded');
      consented.add(travelerId);
      continue;
    }
    if (row.kind !== 'status_changed') continue;
    const to = statusSchema.parse(row.toStatus);
    const error = statusChangeError({
      from,
      to,
      correction: row.correction === true,
      reason: str(row.reason),
      // A supervisor corrects at their post (the write path already kept writes to it).
      role: user.role === 'admin' ? 'admin' : user.scope.role,
    });
    if (error) {
      refused.set(id, error);
      continue;
    }
    row.fromStatus = from;
    // The schedule starts on the device's calendar day of the decision (occurredAt carries the
    // device's offset; the stored timestamp would lose it).
    if (to === 'quarantine')
      row.details = { quarantineStart: String(row.occurredAt).slice(0, 10), quarantineDays: days };
    statuses.set(travelerId, to);
  }
  return refused;
};

const quarantineDetailsSchema = z.object({ quarantineStart: z.string(), quarantineDays: z.number() });

/** The travellers of a round's consent events that have one stored already. */
async function consentedTravelers(tx: Exec, items: RoundItem[]): Promise<Set<string>> {
  const ids = [
    ...new Set(items.filter((i) => i.row?.kind === 'consent').map((i) => str(i.row?.travelerId) ?? '')),
  ];
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ travelerId: travelerEvents.travelerId })
    .from(travelerEvents)
    .where(and(inArray(travelerEvents.travelerId, ids), eq(travelerEvents.kind, 'consent')));
  return new Set(rows.map((r) => r.travelerId));
}

/**
 * Moves the travellers of the applied status changes, in order, with an audit row each; audits
 * each applied consent (the notice and when the traveller accepted it) against its traveller.
 */
export const afterEvents: RoundHook<void> = async (tx, op, items, user) => {
  if (op !== 'create') return;
  const consents = items.filter((i) => i.row?.kind === 'consent');
  if (consents.length > 0) {
    await tx.insert(auditEvents).values(
      consents.map(({ id, row }) => ({
        userId: user.id,
        action: 'traveler.consent',
        entity: 'traveler',
        entityId: String(row?.travelerId),
        details: {
          eventId: id,
          noticeVersion: str(row?.noticeVersion),
          at: new Date(String(row?.occurredAt)).toISOString(),
        },
      })),
    );
  }
  for (const { id, row } of items) {
    if (row?.kind !== 'status_changed') continue;
    const to = statusSchema.parse(row.toStatus);
    const schedule = quarantineDetailsSchema.safeParse(row.details);
    // One row per status change: they are few, and each must see the one before it.
    const [moved] = await tx
      .update(travelers)
      .set({
        status: to,
        ...(schedule.success
          ? { quarantineStart: schedule.data.quarantineStart, quarantineDays: schedule.data.quarantineDays }
          : {}),
        version: sql`${travelers.version} + 1`,
        changeSeq: nextSeq,
        updatedAt: new Date(),
        updatedBy: user.id,
      })
      .where(eq(travelers.id, String(row.travelerId)))
      .returning({ version: travelers.version });
    if (!moved) continue;
    await tx.insert(auditEvents).values({
      userId: user.id,
      action: row.correction === true ? 'traveler.status_correction' : 'traveler.status',
      entity: 'traveler',
      entityId: String(row.travelerId),
      oldVersion: moved.version - 1,
      newVersion: moved.version,
      details: { eventId: id, from: row.fromStatus, to, reason: row.reason ?? null },
    });
  }
};

/** Server-written timeline events (ids made here; the device pulls them like any record). */
async function appendEvents(
  tx: Exec,
  user: AuthUser,
  events: { travelerId: string; kind: string; occurredAt: Date; details: Record<string, unknown> | null }[],
) {
  if (events.length === 0) return;
  const name = await actorName(tx, user);
  await tx.insert(travelerEvents).values(
    events.map((e) => ({
      id: crypto.randomUUID(),
      ...e,
      actorId: user.id,
      actorName: name,
      // The traveller's post (docs/decisions/014-points-of-entry.md): a post's pull reads by it.
      postId: sql`(SELECT entry_post_id FROM travelers WHERE id = ${e.travelerId}::uuid)`,
      changeSeq: nextSeq,
      createdBy: user.id,
      updatedBy: user.id,
    })),
  );
}

/**
 * The travellers of `ids` that have a live declaration. Starts from the declarations (unique per
 * traveller), one index probe per id: a batch of new travellers, which have none yet, costs the
 * probes alone (the UPDATE joined to the declarations cost time on every batch, and was planned
 * as a scan of every pending traveller while the statistics were stale;
 * docs/decisions/002-set-based-sync-apply.md).
 */
const declaredRead = (ids: string[]) =>
  sql`SELECT traveler_id::text AS id FROM health_declarations
    WHERE ${inJsonList(healthDeclarations.travelerId, ids, 'uuid')} AND deleted_at IS NULL`;

const declaredRowsSchema = z.array(z.object({ id: z.string() }));

/**
 * Moves pending travellers that have a live declaration to declared; `read`, the rows of
 * `declaredRead` over these ids or more, when read before (travelersDeclaredRead).
 */
async function declarePending(tx: Exec, ids: string[], user: AuthUser, read?: readonly unknown[]) {
  if (ids.length === 0) return;
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  const rows = declaredRowsSchema.parse(read ?? (await tx.execute(declaredRead(ids))).rows);
  const declared = rows.filter((r) => wanted.has(r.id.toLowerCase()));
  if (declared.length === 0) return;
  await tx
    .update(travelers)
    .set({
      status: 'declared',
      version: sql`${travelers.version} + 1`,
      changeSeq: nextSeq,
      updatedAt: sql`now()`,
      updatedBy: user.id,
    })
    .where(
      and(
        inJsonList(
          travelers.id,
          declared.map((d) => d.id),
          'uuid',
        ),
        eq(travelers.status, 'pending'),
        isNull(travelers.deletedAt),
      ),
    );
}

/**
 * What afterTravelers reads, for the write path to send with the write lock (WritableTable's
 * afterWriteReads): whether the new travellers' declarations came first. Under the lock no
 * declaration is written by anyone else (their writes take it first), so the answer read with
 * the lock is the one after the INSERT.
 */
export const travelersDeclaredRead = (op: SyncOp, ids: string[]) =>
  op === 'create' && ids.length > 0 ? declaredRead(ids) : null;

/**
 * New travellers are declared at once when their declaration reached the server first. They get
 * no stored 'created' event: the timeline derives it from the traveller row (timeline.ts), which
 * halves what a fresh device pulls and saves one insert per traveller on every push.
 */
export const afterTravelers: AfterWriteHook = async (tx, op, items, user, read) => {
  if (op !== 'create') return;
  await declarePending(
    tx,
    items.map((i) => i.id),
    user,
    read,
  );
};

const FILE_FIELDS = ['testFileId', 'vaccinationCertFileId'] as const;
const attachedSchema = z.object({ fileId: z.string() });

/**
 * Stored declarations: pending travellers become declared (a later declaration never moves a
 * traveller: only 'pending' is ever changed), the timeline gets 'declared' for a new one and
 * 'file_attached' for each document not attached before.
 */
export const afterDeclarations: RoundHook<void> = async (tx, op, items, user) => {
  if (op === 'delete') return;
  const travelerIds = items.map((i) => str(i.row?.travelerId) ?? i.id);
  await declarePending(tx, travelerIds, user);
  const now = new Date();
  const events: Parameters<typeof appendEvents>[2] = [];
  if (op === 'create') {
    for (const { id, row } of items) {
      events.push({
        travelerId: id,
        kind: 'declared',
        occurredAt: now,
        details: { riskLevel: row?.riskLevel ?? null, riskScore: row?.riskScore ?? null },
      });
    }
  }
  const known = await tx
    .select({ travelerId: travelerEvents.travelerId, details: travelerEvents.details })
    .from(travelerEvents)
    .where(and(inArray(travelerEvents.travelerId, travelerIds), eq(travelerEvents.kind, 'file_attached')));
  const attached = new Set(
    known.map((k) => `${k.travelerId}:${attachedSchema.safeParse(k.details).data?.fileId ?? ''}`),
  );
  for (const { id, row } of items) {
    for (const field of FILE_FIELDS) {
      const fileId = str(row?.[field]);
      if (fileId && !attached.has(`${id}:${fileId}`)) {
        events.push({ travelerId: id, kind: 'file_attached', occurredAt: now, details: { fileId, field } });
      }
    }
  }
  await appendEvents(tx, user, events);
};

/** The officer of a check-in is the user who records (or corrects) it. */
export const beforeCheckIns: RoundHook<Map<string, string>> = async (tx, op, items, user) => {
  if (op !== 'delete') {
    const name = await actorName(tx, user);
    for (const { row } of items) if (row) Object.assign(row, { officerId: user.id, officerName: name });
  }
  return new Map();
};

/** A new check-in appears in the timeline with its temperature (and whether it is a fever). */
export const afterCheckIns: RoundHook<void> = async (tx, op, items: RoundItem[], user) => {
  if (op !== 'create') return;
  const events = items.flatMap(({ id, row }) => {
    const travelerId = str(row?.travelerId);
    const temperature = typeof row?.temperature === 'number' ? row.temperature : null;
    if (!travelerId || temperature === null) return [];
    return [
      {
        travelerId,
        kind: 'check_in',
        occurredAt: new Date(String(row?.checkedAt)),
        details: { checkInId: id, date: row?.date ?? null, temperature, fever: isFever(temperature) },
      },
    ];
  });
  await appendEvents(tx, user, events);
};
