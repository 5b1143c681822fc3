/**
 * The traveller lifecycle on the device: timeline events (append-only), quarantine check-ins, the
 * status a traveller shows while a status change waits to be pushed, and the needs-attention list.
 * Writes go through the outbox (`writeRecord`), so they work offline and reach the server once.
 * A status change is an event: the server checks it against the lifecycle table and moves the
 * traveller; a refused one becomes a failed item in the sync centre with its reason.
 */
import {
  type AttentionItem,
  type CheckInInput,
  type ClientEventKind,
  DEFAULT_QUARANTINE_DAYS,
  type LocalCheckIn,
  type LocalTraveler,
  type LocalTravelerEvent,
  leadByRegistration,
  localDate,
  needsAttention,
  type RecordedConsent,
  registrationEvent,
  SYSTEM_STATUS_ID,
  type TravelerEventInput,
  type TravelerStatus,
} from '@bh/shared';
import { writeRecord } from '../sync/outbox.ts';
import { db as defaultDb, type PWADatabase } from './database.ts';
import { openRecords } from './sealing.ts';

/** Who is acting on this device (kept on local events so the timeline reads offline). */
export interface Actor {
  id: string;
  name: string;
}

/** A moment with the device's UTC offset (the server takes the calendar day from it). */
function deviceDateTime(at: Date = new Date()): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 23);
  return `${local}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** Appends an event to a traveller's timeline (status change, test result or note). */
export async function addTravelerEvent(
  input: Omit<TravelerEventInput, 'occurredAt' | 'kind'> & { kind: ClientEventKind },
  actor: Actor,
  fromStatus: string | null,
  database: PWADatabase = defaultDb,
): Promise<LocalTravelerEvent> {
  return writeRecord(
    'travelerEvents',
    'create',
    {
      ...input,
      occurredAt: deviceDateTime(),
      // Shown until the server's copy arrives (the server fills these itself).
      fromStatus: input.kind === 'status_changed' ? fromStatus : null,
      actorId: actor.id,
      actorName: actor.name,
      details: null,
    },
    database,
  );
}

/**
 * Records the traveller's consent to the privacy notice that their pre-arrival code carried
 * (docs/qr-payload.md, version 3): a `consent` event at the time they accepted it, pushed like the
 * traveller. Once per traveller: nothing when this device holds one already (the server refuses a
 * second one too); null then.
 */
export async function recordConsent(
  travelerId: string,
  consent: RecordedConsent,
  actor: Actor,
  database: PWADatabase = defaultDb,
): Promise<LocalTravelerEvent | null> {
  // `kind` is stored in clear (db/sealing.ts seals the private fields only): no record is opened.
  const held = await database.travelerEvents.where('travelerId').equals(travelerId).toArray();
  if (held.some((e) => e.kind === 'consent')) return null;
  // The time comes from the traveller's phone clock. A consent is given before its code is read:
  // a time after now (a phone clock ahead) is recorded as now, never in the future.
  const now = new Date();
  const occurredAt = Date.parse(consent.at) > now.getTime() ? now.toISOString() : consent.at;
  return writeRecord(
    'travelerEvents',
    'create',
    {
      travelerId,
      kind: 'consent',
      occurredAt,
      noticeVersion: consent.noticeVersion,
      fromStatus: null,
      actorId: actor.id,
      actorName: actor.name,
      details: null,
    },
    database,
  );
}

/** Records a quarantine check-in for today's schedule day. */
export async function recordCheckIn(
  input: Omit<CheckInInput, 'date' | 'checkedAt'>,
  actor: Actor,
  database: PWADatabase = defaultDb,
): Promise<LocalCheckIn> {
  const now = new Date();
  return writeRecord(
    'checkIns',
    'create',
    {
      ...input,
      date: localDate(now),
      checkedAt: deviceDateTime(now),
      officerId: actor.id,
      officerName: actor.name,
    },
    database,
  );
}

/** A traveller's timeline, oldest first (events made here and not yet pushed included). */
export async function eventsOf(
  travelerId: string,
  database: PWADatabase = defaultDb,
): Promise<LocalTravelerEvent[]> {
  const stored = await database.travelerEvents.where('travelerId').equals(travelerId).toArray();
  const events = await openRecords(database, 'travelerEvents', stored);
  return events.sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
}

/**
 * The timeline to show: the stored events led by the traveller's registration. The server stores
 * no 'created' event (one per traveller was half of a fresh device's pull): the entry is made
 * from the traveller record, without an actor (the record does not say who). A
 * 'created' event this device pulled before keeps its place and no second one is added. The entry
 * waits for sync like the traveller itself until the server has acknowledged it.
 */
export function withRegistration(
  traveler: Pick<LocalTraveler, 'id' | 'createdAt' | 'version' | 'lastModified'>,
  events: readonly LocalTravelerEvent[],
): LocalTravelerEvent[] {
  const registration = traveler.createdAt
    ? {
        ...registrationEvent(traveler.id, traveler.createdAt, { id: null, name: null }),
        version: Math.max(traveler.version, 1),
        syncStatus: traveler.version > 0 ? ('synced' as const) : ('pending' as const),
        lastModified: traveler.lastModified,
      }
    : null;
  return leadByRegistration(events, registration);
}

/** A traveller's live check-ins, newest first. */
export async function checkInsOf(
  travelerId: string,
  database: PWADatabase = defaultDb,
): Promise<LocalCheckIn[]> {
  const stored = await database.checkIns.where('travelerId').equals(travelerId).toArray();
  const rows = await openRecords(database, 'checkIns', stored);
  return rows.filter((c) => !c.deletedAt).sort((a, b) => Date.parse(b.checkedAt) - Date.parse(a.checkedAt));
}

/**
 * The status to show: the server's, or the target of the latest status change made on this device
 * that the server has not answered yet (shown as waiting for sync).
 */
export function shownStatus(
  traveler: Pick<LocalTraveler, 'status'>,
  events: readonly LocalTravelerEvent[],
): { status: TravelerStatus; waiting: boolean } {
  const waiting = events.filter(
    (e) => e.kind === 'status_changed' && e.syncStatus === 'pending' && e.toStatus,
  );
  const last = waiting.at(-1)?.toStatus;
  return last ? { status: last, waiting: true } : { status: traveler.status, waiting: false };
}

/** Quarantine length from the local system status record (the default until one is known). */
export async function quarantineDaysSetting(database: PWADatabase = defaultDb): Promise<number> {
  const status = await database.systemStatus.get(SYSTEM_STATUS_ID);
  return status?.quarantineDays ?? DEFAULT_QUARANTINE_DAYS;
}

export interface AttentionEntry extends AttentionItem {
  traveler: LocalTraveler;
}

/** The needs-attention list from local data (quarantined travellers and today's declarations). */
export async function attentionList(
  today: string = localDate(),
  database: PWADatabase = defaultDb,
): Promise<AttentionEntry[]> {
  const quarantined = await database.travelers.where('status').equals('quarantine').toArray();
  const live = quarantined.filter((t) => !t.deletedAt);
  const declarations = (await database.declarations.toArray()).filter(
    (d) =>
      !d.deletedAt && d.riskLevel === 'high' && d.createdAt && localDate(new Date(d.createdAt)) === today,
  );
  const highRiskTravelers = await database.travelers.bulkGet(declarations.map((d) => d.travelerId));
  const byId = new Map<string, LocalTraveler>();
  for (const t of [...live, ...highRiskTravelers]) if (t && !t.deletedAt) byId.set(t.id, t);
  const storedCheckIns = await database.checkIns
    .where('travelerId')
    .anyOf(live.map((t) => t.id))
    .toArray();
  // Opened after every read (db/sealing.ts).
  const checkIns = await openRecords(database, 'checkIns', storedCheckIns);
  for (const t of await openRecords(database, 'travelers', [...byId.values()])) byId.set(t.id, t);
  const items = needsAttention(
    byId.values(),
    declarations.map((d) => ({ travelerId: d.travelerId, riskLevel: d.riskLevel, date: today })),
    checkIns.filter((c) => !c.deletedAt),
    today,
  );
  return items.flatMap((item) => {
    const traveler = byId.get(item.travelerId);
    return traveler ? [{ ...item, traveler }] : [];
  });
}
