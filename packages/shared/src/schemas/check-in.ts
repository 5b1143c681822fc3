/**
 * Quarantine check-in: one visit or call during a traveller's quarantine (temperature, symptoms,
 * a note; the officer is the user who recorded it, filled in by the server). Synced like any
 * record: made offline on the device, pushed later, edited with version conflicts. `date` is the
 * day of the schedule it counts for (the device's calendar day when it was taken), `checkedAt`
 * the moment on the device, so a check-in pushed a day late still counts for its own day.
 */
import type { z } from 'zod';
import {
  boundedText,
  isoDate,
  isoDateTime,
  nullishShape,
  strictShape,
  syncedRecord,
  uuid,
} from './common.ts';
import { bodyTemperatureSchema, symptomsSchema } from './declaration.ts';
import { EVENT_NOTE_MAX_LENGTH } from './traveler-event.ts';

const inputShape = {
  travelerId: uuid(),
  date: isoDate(),
  checkedAt: isoDateTime(),
  temperature: bodyTemperatureSchema,
  symptoms: symptomsSchema,
  ...nullishShape({ note: boundedText(EVENT_NOTE_MAX_LENGTH) }),
};

/** Writable fields of a check-in (sync mutation data). */
export const checkInInputSchema = strictShape(inputShape);
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/** A check-in as stored on the server and sent to devices. */
export const checkInSchema = syncedRecord({
  id: uuid(),
  ...inputShape,
  officerId: uuid().nullish(),
  officerName: boundedText(200).nullish(),
});
export type CheckIn = z.infer<typeof checkInSchema>;
