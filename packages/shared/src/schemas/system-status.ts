/**
 * System status: one record (id 'current') with the mode and the figures of the sidebar.
 */
import { z } from 'zod';
import {
  DEFAULT_SYSTEM_MODE,
  INITIAL_SYSTEM_FIGURES,
  OFFLINE_LOCK_DAYS_MAX,
  OFFLINE_LOCK_DAYS_MIN,
  SYSTEM_MODES,
} from '../domain/constants.ts';
import { QUARANTINE_DAYS_MAX, QUARANTINE_DAYS_MIN } from '../domain/quarantine.ts';
import { intBetween, isoDateTime, keyed, oneOf, plainShape, strictShape, syncedRecord } from './common.ts';

/** Id of the one system status record. */
export const SYSTEM_STATUS_ID = 'current';

const count = () => intBetween(0, Number.MAX_SAFE_INTEGER);

const statusShape = {
  mode: oneOf(SYSTEM_MODES),
  activeUsers: count(),
  todayEntries: count(),
  pendingCases: count(),
  quarantineCases: count(),
  /** Uptime in percent. */
  systemUptime: z.number(keyed()).min(0, 'validation.min_value').max(100, 'validation.max_value'),
  lastUpdateTime: isoDateTime(),
  statusText: z.string(keyed()).max(500, 'validation.max_length'),
};

/** Length of a quarantine (days of daily check-ins), an admin setting kept on the status record. */
const quarantineDays = () => intBetween(QUARANTINE_DAYS_MIN, QUARANTINE_DAYS_MAX);
/** Days without reaching the server after which a device locks (api/devices.ts), an admin setting. */
const offlineLockDays = () => intBetween(OFFLINE_LOCK_DAYS_MIN, OFFLINE_LOCK_DAYS_MAX);

/** System status as shown by the apps. */
export const systemStatusSchema = plainShape(statusShape);
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** System status as a synced record. */
export const systemStatusRecordSchema = syncedRecord({
  id: z.literal(SYSTEM_STATUS_ID, keyed('validation.required', 'sync.validation.invalidRecordId')),
  ...statusShape,
  quarantineDays: quarantineDays().nullish(),
  offlineLockDays: offlineLockDays().nullish(),
});
export type SystemStatusRecord = z.infer<typeof systemStatusRecordSchema>;

/** Writable fields (admin): the mode and optionally the status text. Figures are computed by the server. */
export const systemStatusInputSchema = strictShape({
  mode: oneOf(SYSTEM_MODES),
  statusText: statusShape.statusText.optional(),
  quarantineDays: quarantineDays().nullish(),
  offlineLockDays: offlineLockDays().nullish(),
});
export type SystemStatusInput = z.infer<typeof systemStatusInputSchema>;

/**
 * The status shown before anything was loaded: the default mode, zero figures, no text.
 * @internal Exported for its tests only (knip --production).
 */
export function initialSystemStatus(now: string): SystemStatus {
  return { mode: DEFAULT_SYSTEM_MODE, ...INITIAL_SYSTEM_FIGURES, lastUpdateTime: now, statusText: '' };
}

/** Colour of the system-mode badge (a subset of the app's badge variants). */
export type ModeBadgeVariant = 'success' | 'error' | 'warning' | 'neutral';

/** Badge colour of a mode: success normal, error pandemic, warning emergency, neutral otherwise. */
export function modeBadgeVariant(mode: string | null | undefined): ModeBadgeVariant {
  switch (mode) {
    case 'normal':
      return 'success';
    case 'pandemic':
      return 'error';
    case 'emergency':
      return 'warning';
    default:
      return 'neutral';
  }
}
