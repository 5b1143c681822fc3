/** Valid samples (and bad inputs) of the lifecycle, timeline and check-in schemas. */
import type { z } from 'zod';
import {
  travelerEventCreateSchema,
  travelerEventListSchema,
  travelerEventResultSchema,
} from '../api/lifecycle.ts';
import { checkInInputSchema, checkInSchema } from '../schemas/check-in.ts';
import {
  eventDetailsSchema,
  travelerEventInputSchema,
  travelerEventSchema,
} from '../schemas/traveler-event.ts';
import { localCheckInSchema, localTravelerEventSchema } from '../sync/local-store.ts';
import * as f from './fixtures.ts';

const EVENT_ID = '5d6e7f80-9a1b-4c2d-8e3f-405162738495';
const CHECK_IN_ID = '6e7f8091-ab2c-4d3e-9f40-516273849506';
const syncMeta = { version: 1, createdAt: f.NOW, updatedAt: f.NOW, deletedAt: null };

const validStatusEventInput = {
  travelerId: f.TRAVELER_ID,
  kind: 'status_changed',
  occurredAt: f.NOW,
  toStatus: 'quarantine',
  reason: 'Fever at the gate',
};
const validEvent = {
  id: EVENT_ID,
  ...validStatusEventInput,
  fromStatus: 'declared',
  correction: false,
  testResult: null,
  note: null,
  actorId: f.USER_ID,
  actorName: 'Officer Lan',
  details: null,
  ...syncMeta,
};
const validCheckInInput = {
  travelerId: f.TRAVELER_ID,
  date: '2025-01-16',
  checkedAt: f.NOW,
  temperature: 37.2,
  symptoms: f.noSymptoms,
  note: 'Feels well',
};
const validCheckIn = {
  id: CHECK_IN_ID,
  ...validCheckInInput,
  officerId: f.USER_ID,
  officerName: 'Officer Lan',
  ...syncMeta,
};
const local = { syncStatus: 'synced', lastModified: 1 };

export const LIFECYCLE_SCHEMA_SAMPLES: readonly (readonly [
  string,
  z.ZodType,
  unknown,
  readonly unknown[],
])[] = [
  [
    'travelerEventInput',
    travelerEventInputSchema,
    validStatusEventInput,
    [
      { ...validStatusEventInput, toStatus: null },
      { ...validStatusEventInput, correction: true, reason: ' ' },
      { ...validStatusEventInput, kind: 'test_result' },
      { ...validStatusEventInput, kind: 'note', note: '' },
      { ...validStatusEventInput, kind: 'created' },
      // A consent needs its notice version, in the notice's form; no other kind carries one.
      { ...validStatusEventInput, kind: 'consent', toStatus: null },
      { ...validStatusEventInput, kind: 'consent', toStatus: null, noticeVersion: '1.2<b>' },
      { ...validStatusEventInput, noticeVersion: '1.2' },
    ],
  ],
  ['travelerEvent', travelerEventSchema, validEvent, []],
  ['eventDetails', eventDetailsSchema, { temperature: 38.1, fever: true }, []],
  ['localTravelerEvent', localTravelerEventSchema, { ...validEvent, ...local }, []],
  [
    'checkInInput',
    checkInInputSchema,
    validCheckInInput,
    [
      { ...validCheckInInput, temperature: 50 },
      { ...validCheckInInput, date: '2025-02-30' },
    ],
  ],
  ['checkIn', checkInSchema, validCheckIn, []],
  ['localCheckIn', localCheckInSchema, { ...validCheckIn, ...local }, []],
  [
    'travelerEventCreate',
    travelerEventCreateSchema,
    { id: EVENT_ID, kind: 'note', occurredAt: f.NOW, note: 'Called the family' },
    [
      { id: EVENT_ID, kind: 'note', occurredAt: f.NOW, note: 'x', travelerId: f.TRAVELER_ID },
      { id: EVENT_ID, kind: 'consent', occurredAt: f.NOW, noticeVersion: 'v1' },
    ],
  ],
  [
    'travelerEventResult',
    travelerEventResultSchema,
    { event: validEvent, traveler: { ...f.validTraveler, status: 'quarantine' } },
    [],
  ],
  ['travelerEventList', travelerEventListSchema, { items: [validEvent] }, []],
];
