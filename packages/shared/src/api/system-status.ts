/** GET and PUT /api/system-status: the synced record plus figures computed at read time. */
import { z } from 'zod';
import { OFFLINE_LOCK_DAYS_MAX, OFFLINE_LOCK_DAYS_MIN, SYSTEM_MODES } from '../domain/constants.ts';
import { QUARANTINE_DAYS_MAX, QUARANTINE_DAYS_MIN } from '../domain/quarantine.ts';
import {
  intBetween,
  isoDate,
  isoDateTime,
  keyed,
  oneOf,
  plainShape,
  versionSchema,
} from '../schemas/common.ts';
import { SYSTEM_STATUS_ID, systemStatusInputSchema } from '../schemas/system-status.ts';

const count = () => intBetween(0, Number.MAX_SAFE_INTEGER);

/** Query of GET: the caller's local date, so "today" matches the officer's calendar. */
export const systemStatusQuerySchema = plainShape({
  today: isoDate().optional(),
});
export type SystemStatusQuery = z.infer<typeof systemStatusQuerySchema>;

/** Body of PUT (admin): the mode, optionally the text, and the version seen (optimistic concurrency). */
export const systemStatusUpdateSchema = systemStatusInputSchema.extend({
  version: versionSchema.optional(),
});
export type SystemStatusUpdate = z.infer<typeof systemStatusUpdateSchema>;

/** What GET and PUT answer. */
export const systemStatusAnswerSchema = plainShape({
  id: z.literal(SYSTEM_STATUS_ID, keyed('validation.required', 'sync.validation.invalidRecordId')),
  mode: oneOf(SYSTEM_MODES),
  statusText: z.string(keyed()),
  version: versionSchema,
  updatedAt: isoDateTime(),
  activeUsers: count(),
  todayEntries: count(),
  pendingCases: count(),
  quarantineCases: count(),
  /** Length of a quarantine in days (the setting; the default when never set). */
  quarantineDays: intBetween(QUARANTINE_DAYS_MIN, QUARANTINE_DAYS_MAX),
  /** Days without reaching the server after which a device locks (the setting, or the default). */
  offlineLockDays: intBetween(OFFLINE_LOCK_DAYS_MIN, OFFLINE_LOCK_DAYS_MAX),
  /** Seconds since the server process started. */
  systemUptimeSeconds: count(),
  /** When the figures were computed. */
  lastUpdateTime: isoDateTime(),
});
export type SystemStatusAnswer = z.infer<typeof systemStatusAnswerSchema>;
