/**
 * HTTP bodies of the traveller lifecycle: POST /api/travelers/{id}/events (a status change, test
 * result or note; the same checks as a synced event) and GET /api/travelers/{id}/events (the
 * timeline, oldest first).
 */
import { z } from 'zod';
import { keyed, plainShape, strictShape, uuid } from '../schemas/common.ts';
import { travelerSchema } from '../schemas/traveler.ts';
import {
  checkEventBody,
  EVENT_KIND_BRANCHES,
  travelerEventBodyShape,
  travelerEventSchema,
  whenEventFieldsValid,
} from '../schemas/traveler-event.ts';

/** Body of POST /api/travelers/{id}/events: the event's fields (its travelerId is the path's) and its id. */
export const travelerEventCreateSchema = strictShape({ id: uuid(), ...travelerEventBodyShape })
  .superRefine(checkEventBody, whenEventFieldsValid)
  .meta(EVENT_KIND_BRANCHES);
export type TravelerEventCreate = z.infer<typeof travelerEventCreateSchema>;

/** Answer of POST /api/travelers/{id}/events: the stored event and the traveller after it. */
export const travelerEventResultSchema = plainShape({ event: travelerEventSchema, traveler: travelerSchema });
export type TravelerEventResult = z.infer<typeof travelerEventResultSchema>;

/** Answer of GET /api/travelers/{id}/events. */
export const travelerEventListSchema = plainShape({ items: z.array(travelerEventSchema, keyed()) });
export type TravelerEventList = z.infer<typeof travelerEventListSchema>;
