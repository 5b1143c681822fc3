/**
 * Traveller timeline: an append-only, synced list of what happened to a traveller, who did it and
 * when. Devices create `status_changed`, `test_result`, `note` and `consent` events (the status
 * change is how a device asks the server to move a traveller; the server checks it against the
 * lifecycle table and fills in `fromStatus`; `consent` records, once per traveller, the consent to
 * the privacy notice a pre-arrival code carried: docs/decisions/017-retention-and-rights.md). The server itself appends `declared`, `check_in` and
 * `file_attached` events; `created` is derived from the traveller row when a timeline is read
 * (devices may still hold stored ones from before). Events are never updated or deleted.
 */
import { z } from 'zod';
import { STATUS_REASON_MAX_LENGTH } from '../domain/lifecycle.ts';
import { TRAVELER_STATUSES } from '../domain/reference.ts';
import {
  boundedText,
  flag,
  isoDateTime,
  keyed,
  nullishShape,
  oneOf,
  strictShape,
  syncedRecord,
  uuid,
  whenValid,
} from './common.ts';
import { NOTICE_VERSION_PATTERN, noticeVersionSchema } from './notice-version.ts';

export const TRAVELER_EVENT_KINDS = [
  'created',
  'declared',
  'status_changed',
  'test_result',
  'check_in',
  'note',
  'file_attached',
  /** The traveller moved to another post (a transfer; details: fromPostId, toPostId and their codes). */
  'transferred',
  /**
   * The traveller's consent to the privacy notice (`noticeVersion`; `occurredAt` is when they
   * accepted it), carried by the pre-arrival code they were registered from: at most one per traveller.
   */
  'consent',
] as const;
export type TravelerEventKind = (typeof TRAVELER_EVENT_KINDS)[number];

/** The kinds a device may create; the others are written by the server only. */
export const CLIENT_EVENT_KINDS = ['status_changed', 'test_result', 'note', 'consent'] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];

export const TEST_RESULTS = ['negative', 'positive', 'inconclusive'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

/** Longest note of an event or check-in, in characters. */
export const EVENT_NOTE_MAX_LENGTH = 1000;

const optionalFields = {
  /** status_changed: the status asked for. */
  toStatus: oneOf(TRAVELER_STATUSES),
  /** status_changed: why (mandatory for a correction). */
  reason: boundedText(STATUS_REASON_MAX_LENGTH),
  /** status_changed: an admin correction outside the lifecycle table. */
  correction: flag(),
  /** test_result: the result. */
  testResult: oneOf(TEST_RESULTS),
  note: boundedText(EVENT_NOTE_MAX_LENGTH),
  /** consent: the notice the traveller accepted (`<wording>.<settings version>`). */
  noticeVersion: noticeVersionSchema(),
};

/** The fields a device writes for an event, but its traveller (REST takes that from the path). */
export const travelerEventBodyShape = {
  kind: oneOf(CLIENT_EVENT_KINDS),
  /** When it happened on the device (offline events reach the server later). */
  occurredAt: isoDateTime(),
  ...nullishShape(optionalFields),
};

type EventBody = {
  kind: ClientEventKind;
  toStatus?: string | null;
  reason?: string | null;
  correction?: boolean | null;
  testResult?: string | null;
  note?: string | null;
  noticeVersion?: string | null;
};

/** The fields each kind needs (a status change its status, a correction its reason, ...). */
export function checkEventBody(e: EventBody, ctx: z.RefinementCtx) {
  const need = (field: string, message = 'validation.required') =>
    ctx.addIssue({ code: 'custom', message, path: [field] });
  if (e.kind === 'status_changed' && !e.toStatus) need('toStatus');
  if (e.kind === 'status_changed' && e.correction && !e.reason?.trim())
    need('reason', 'lifecycle.errors.reasonRequired');
  if (e.kind === 'test_result' && !e.testResult) need('testResult');
  if (e.kind === 'note' && !e.note?.trim()) need('note');
  if (e.kind === 'consent' && !e.noticeVersion) need('noticeVersion');
  // A notice version means a consent: on another kind it is not ours.
  if (e.kind !== 'consent' && e.noticeVersion != null) need('noticeVersion', 'validation.unknown_field');
}

/** A notice version belongs to a consent: every other kind leaves it out (or null). */
const NO_NOTICE_VERSION = { type: 'null' };

/**
 * `checkEventBody` as JSON Schema, for the document: one branch per kind with the fields it
 * needs (a correction needs a reason that is not blank). The zod checks above are what runs.
 */
export const EVENT_KIND_BRANCHES = {
  oneOf: [
    {
      properties: {
        kind: { const: 'status_changed' },
        toStatus: { enum: [...TRAVELER_STATUSES] },
        noticeVersion: NO_NOTICE_VERSION,
      },
      required: ['kind', 'toStatus'],
      // An admin correction (correction: true) needs a reason that is not blank.
      anyOf: [
        { properties: { correction: { enum: [false, null] } } },
        {
          properties: {
            correction: { const: true },
            reason: { type: 'string', pattern: '\\S', maxLength: STATUS_REASON_MAX_LENGTH },
          },
          required: ['correction', 'reason'],
        },
      ],
    },
    {
      properties: {
        kind: { const: 'test_result' },
        testResult: { enum: [...TEST_RESULTS] },
        noticeVersion: NO_NOTICE_VERSION,
      },
      required: ['kind', 'testResult'],
    },
    {
      properties: {
        kind: { const: 'note' },
        note: { type: 'string', pattern: '\\S', maxLength: EVENT_NOTE_MAX_LENGTH },
        noticeVersion: NO_NOTICE_VERSION,
      },
      required: ['kind', 'note'],
    },
    {
      properties: {
        kind: { const: 'consent' },
        noticeVersion: { type: 'string', pattern: NOTICE_VERSION_PATTERN.source },
      },
      required: ['kind', 'noticeVersion'],
    },
  ],
};

/** Runs `checkEventBody` only when the fields themselves parsed. */
export const whenEventFieldsValid = whenValid(
  'kind',
  'toStatus',
  'reason',
  'correction',
  'testResult',
  'note',
  'noticeVersion',
);

/** Writable fields of an event a device creates (sync mutation data). */
export const travelerEventInputSchema = strictShape({
  travelerId: uuid(),
  ...travelerEventBodyShape,
})
  .superRefine(checkEventBody, whenEventFieldsValid)
  .meta(EVENT_KIND_BRANCHES);
export type TravelerEventInput = z.infer<typeof travelerEventInputSchema>;

/** Extra facts of server events (check-in temperature, attached file, declared risk level). */
export const eventDetailsSchema = z.record(z.string(), z.unknown(), keyed());

/** A timeline event as stored on the server and sent to devices. */
export const travelerEventSchema = syncedRecord({
  id: uuid(),
  travelerId: uuid(),
  kind: oneOf(TRAVELER_EVENT_KINDS),
  occurredAt: isoDateTime(),
  ...nullishShape(optionalFields),
  /** status_changed: the status the traveller had when the server applied the change. */
  fromStatus: oneOf(TRAVELER_STATUSES).nullish(),
  /** Who: the user's id and display name (kept on the event so the timeline reads offline). */
  actorId: uuid().nullish(),
  actorName: z.string(keyed()).nullish(),
  details: eventDetailsSchema.nullish(),
});
export type TravelerEvent = z.infer<typeof travelerEventSchema>;

/**
 * The 'created' entry of a traveller registered at `at`, made from the traveller row: no
 * 'created' event is stored (one per traveller was half of a fresh device's pull; migration
 * 0014). The traveller's id names it: stable across reads, and no stored event has it.
 */
export function registrationEvent(
  travelerId: string,
  at: string,
  actor: { id: string | null; name: string | null },
): TravelerEvent {
  return {
    id: travelerId,
    travelerId,
    kind: 'created',
    occurredAt: at,
    actorId: actor.id,
    actorName: actor.name,
    details: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
  };
}

/**
 * A timeline led by its registration entry, oldest first; the events as they are when they hold
 * a stored 'created' event (from before migration 0014) or there is no registration to add. The
 * sort is stable: events of the same moment (a declaration pushed with its traveller) stay after it.
 */
export function leadByRegistration<E extends Pick<TravelerEvent, 'kind' | 'occurredAt'>>(
  events: readonly E[],
  registration: E | null,
): E[] {
  if (!registration || events.some((e) => e.kind === 'created')) return [...events];
  return [registration, ...events].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
}
