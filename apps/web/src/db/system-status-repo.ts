/**
 * The local system status record (store `systemStatus`, id 'current'): the server's record
 * (mode, statusText, version, updatedAt) plus the figures last fetched, so the frame shows the
 * last known status offline. The sync engine's pull writes the same record (it merges over it).
 */
import { type LocalSystemStatus, SYSTEM_STATUS_ID } from '@bh/shared';
import { db as defaultDb, type PWADatabase } from './database.ts';

export type { LocalSystemStatus } from '@bh/shared';

export type IncomingSystemStatus = Omit<LocalSystemStatus, 'syncStatus' | 'lastModified'>;

export async function readSystemStatus(database: PWADatabase = defaultDb): Promise<LocalSystemStatus | null> {
  const row = await database.systemStatus.get(SYSTEM_STATUS_ID);
  return row ?? null;
}

/**
 * Saves a status fetched from the server. An older version than the one held (a slow answer
 * overtaken by a pull) keeps the held mode and only refreshes the figures.
 */
export async function saveSystemStatus(incoming: IncomingSystemStatus, database: PWADatabase = defaultDb) {
  await database.transaction('rw', database.systemStatus, async () => {
    const held = await database.systemStatus.get(SYSTEM_STATUS_ID);
    const now = Date.now();
    const next: LocalSystemStatus =
      held && held.version > incoming.version
        ? { ...incoming, ...held, ...figuresOf(incoming), lastModified: now }
        : { ...(held ?? {}), ...incoming, id: SYSTEM_STATUS_ID, syncStatus: 'synced', lastModified: now };
    await database.systemStatus.put(next);
  });
}

function figuresOf(s: IncomingSystemStatus) {
  const { activeUsers, todayEntries, pendingCases, quarantineCases, systemUptimeSeconds, lastUpdateTime } = s;
  return { activeUsers, todayEntries, pendingCases, quarantineCases, systemUptimeSeconds, lastUpdateTime };
}
