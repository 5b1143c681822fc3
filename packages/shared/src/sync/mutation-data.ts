/**
 * The `data` of a sync mutation, per table: the same writable-field schemas as the REST API.
 * The device runs this before queueing/pushing (failure = validation_failed, not retryable); the
 * server runs it per mutation (failure = 'rejected' with the field issues).
 *
 * Semantics of `data` (never contains id, version or timestamps: see `pickWritableFields`):
 * - travelers, healthDeclarations: create and update carry the whole writable record; an optional
 *   field that is absent is stored as null (replace, not patch).
 * - users, systemStatus: update only, as a patch (absent fields stay as they are).
 */
import type { z } from 'zod';
import { deleteMutationDataSchema } from '../api/traveler-deletes.ts';
import { checkInInputSchema } from '../schemas/check-in.ts';
import type { FieldIssue } from '../schemas/common.ts';
import { declarationInputSchema } from '../schemas/declaration.ts';
import { systemStatusInputSchema } from '../schemas/system-status.ts';
import { travelerInputSchema } from '../schemas/traveler.ts';
import { travelerEventInputSchema } from '../schemas/traveler-event.ts';
import { userUpdateSchema } from '../schemas/user.ts';
import { toFieldIssues } from '../schemas/validate.ts';
import { SYNC_TABLE_OPS, type SyncOp, type SyncTable } from './protocol.ts';

/** Schema of the data of a create or update per table. */
export const SYNC_DATA_SCHEMAS = {
  travelers: travelerInputSchema,
  healthDeclarations: declarationInputSchema,
  users: userUpdateSchema,
  systemStatus: systemStatusInputSchema,
  travelerEvents: travelerEventInputSchema,
  checkIns: checkInInputSchema,
} as const satisfies Record<SyncTable, z.ZodType>;

export type SyncData<T extends SyncTable> = z.output<(typeof SYNC_DATA_SCHEMAS)[T]>;

export type MutationDataCheck =
  | { ok: true; data: Record<string, unknown> | null }
  | { ok: false; errors: FieldIssue[] };

/** Checks a mutation's data for its table and operation; on success returns the parsed data. */
export function validateMutationData(table: SyncTable, op: SyncOp, data: unknown): MutationDataCheck {
  if (!SYNC_TABLE_OPS[table].includes(op))
    return { ok: false, errors: [{ field: 'op', code: 'sync.validation.opNotAllowed' }] };
  if (op === 'delete') {
    // A delete carries nothing, or only the reason for it (kept in the audit trail).
    if (data === null) return { ok: true, data: null };
    const reason = deleteMutationDataSchema.safeParse(data);
    return reason.success
      ? { ok: true, data: reason.data }
      : { ok: false, errors: [{ field: 'data', code: 'sync.validation.dataNotAllowed' }] };
  }
  if (data === null || data === undefined)
    return { ok: false, errors: [{ field: 'data', code: 'sync.validation.dataRequired' }] };
  const result = SYNC_DATA_SCHEMAS[table].safeParse(data);
  if (!result.success) return { ok: false, errors: toFieldIssues(result.error.issues) };
  return { ok: true, data: result.data };
}

/**
 * The writable fields of a local record (drops id, version, timestamps, syncStatus, ...), i.e. the
 * data to queue for a create or update. Fields the record lacks are left out.
 */
export function pickWritableFields(
  table: SyncTable,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(SYNC_DATA_SCHEMAS[table].shape)) {
    if (record[key] !== undefined) data[key] = record[key];
  }
  return data;
}
