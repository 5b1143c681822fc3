/**
 * HTTP bodies of the sync routes that are not part of the push/pull protocol itself
 * (sync/protocol.ts holds push request and results, pull query and page, status).
 */
import { z } from 'zod';
import { keyed, oneOf, plainShape } from '../schemas/common.ts';
import { recordDataSchema, SYNC_TABLES } from '../sync/protocol.ts';

/** Largest number of ids in one GET /api/sync/records. */
const MAX_RECORD_IDS = 200;

/** Query of GET /api/sync/records: a table and a comma-separated list of record ids. */
export const syncRecordsQuerySchema = plainShape({
  table: oneOf(SYNC_TABLES),
  ids: z
    .string(keyed())
    .max(40 * MAX_RECORD_IDS, 'validation.max_length')
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.string(keyed()).max(64, 'sync.validation.invalidRecordId'), keyed())
        .min(1, 'validation.required')
        .max(MAX_RECORD_IDS, 'validation.too_many_items'),
    ),
});
export type SyncRecordsQuery = z.input<typeof syncRecordsQuerySchema>;

/** The server's current copy of the asked records (tombstones included, unknown ids absent). */
export const syncRecordsResponseSchema = plainShape({
  records: z.array(recordDataSchema, keyed()),
});
export type SyncRecordsResponse = z.infer<typeof syncRecordsResponseSchema>;
