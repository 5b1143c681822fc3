/**
 * The pull's merge rule for one pulled record against the device's copy (pure): local edits win
 * until pushed (the push will meet the server's version), and a copy already at the pulled
 * version or newer (this device's own push coming back) is left as it is.
 */
import type { LocalSyncStatus } from '@bh/shared';

/**
 * - `keep-local`: the device has changes not yet pushed (pending, conflict, error); the pulled
 *   record is kept as the record's shadow.
 * - `up-to-date`: the device's synced copy is at the pulled version or newer: nothing to write.
 * - `take-remote`: the pulled record is written over the device's copy (or is new to it).
 */
export type PullDecision = 'keep-local' | 'up-to-date' | 'take-remote';

export function pullDecision(
  local: { syncStatus: LocalSyncStatus; version: unknown } | undefined,
  remote: { version?: unknown },
): PullDecision {
  if (!local) return 'take-remote';
  if (local.syncStatus !== 'synced') return 'keep-local';
  return Number(local.version) >= Number(remote.version) ? 'up-to-date' : 'take-remote';
}
