/**
 * Deleting and restoring travellers: a delete is a tombstone that syncs and may carry a reason
 * (kept in the audit trail); an officer deletes only what they created in the last
 * TRAVELER_DELETE_WINDOW_HOURS, an admin anything; admins list tombstones and restore them.
 */
import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../domain/constants.ts';
import { keyed, plainShape, requiredText, strictShape, uuid, versionSchema } from '../schemas/common.ts';
import { travelerSchema } from '../schemas/traveler.ts';

/** Hours after creating a traveller during which its officer may delete it. */
export const TRAVELER_DELETE_WINDOW_HOURS = 24;
/** Days either side of an entry date within which the same passport counts as a duplicate. */
export const DUPLICATE_ENTRY_WINDOW_DAYS = 1;

/** The reason given for a delete. */
export const deleteReasonSchema = requiredText(TEXT_MAX_LENGTH);

/** `data` of a sync delete: null, or the reason. */
export const deleteMutationDataSchema = strictShape({ reason: deleteReasonSchema });

/** A deleted traveller in the admin's list: the tombstone, why and by whom. */
export const deletedTravelerSchema = plainShape({
  traveler: travelerSchema,
  reason: z.string(keyed()).nullable(),
  deletedBy: uuid().nullable(),
});
export type DeletedTraveler = z.infer<typeof deletedTravelerSchema>;

/** Answer of GET /api/travelers/deleted (newest delete first, at most 500). */
export const deletedTravelerListSchema = plainShape({ items: z.array(deletedTravelerSchema, keyed()) });
export type DeletedTravelerList = z.infer<typeof deletedTravelerListSchema>;

/** Body of POST /api/travelers/:id/restore: the tombstone's version. */
export const travelerRestoreSchema = strictShape({ version: versionSchema });
