/**
 * Travellers on the device: reads (one record, live), the search index, the current system
 * mode, and the writes of the entry-management screen. Writes go through the outbox
 * (`writeRecord`), so each change and its sync row are one transaction and work offline.
 */
import {
  DEFAULT_SYSTEM_MODE,
  isSystemMode,
  type LocalTraveler,
  SYSTEM_STATUS_ID,
  type SystemMode,
  type TravelerInput,
} from '@bh/shared';
import { subscribeDeviceKeys } from '../lib/device-lock.ts';
import { currentPostId } from '../lib/work-scope.ts';
import { writeRecord } from '../sync/outbox.ts';
import { db as defaultDb, live, type PWADatabase } from './database.ts';
import { openRecord } from './sealing.ts';
import { type TravelerEntry, TravelerIndex } from './traveler-index.ts';

export type { LocalTraveler } from '@bh/shared';
export type { TravelerEntry, TravelerStats } from './traveler-index.ts';

const indexes = new WeakMap<PWADatabase, TravelerIndex>();

// A lock takes the app's index (names and passport numbers in clear) out of memory; the next
// screen after the unlock loads it again (docs/decisions/016-encryption-at-rest.md).
subscribeDeviceKeys((keys) => {
  if (keys) return;
  indexes.get(defaultDb)?.stop();
  indexes.delete(defaultDb);
});

/** The search index of a database, started on first use. */
export function travelerIndex(database: PWADatabase = defaultDb): TravelerIndex {
  let index = indexes.get(database);
  if (!index) {
    index = new TravelerIndex(database);
    indexes.set(database, index);
  }
  index.start();
  return index;
}

/**
 * The first live traveller (newest entry date first) that `match` accepts, once the index has
 * caught up with every write made so far; null when none does.
 */
export async function findLiveTraveler(
  match: (entry: TravelerEntry) => boolean,
  database: PWADatabase = defaultDb,
): Promise<LocalTraveler | null> {
  const index = travelerIndex(database);
  await index.settled();
  let id: string | null = null;
  index.forEachLive((e) => {
    if (id === null && match(e)) id = e.id;
  });
  return id === null ? null : getTraveler(id, database);
}

/** One live traveller (tombstones count as missing). */
export async function getTraveler(
  id: string,
  database: PWADatabase = defaultDb,
): Promise<LocalTraveler | null> {
  const found = live(await database.travelers.get(id));
  return found && openRecord(database, 'travelers', found);
}

/** The system mode from the local system status record; pandemic until one is known. */
export async function getSystemMode(database: PWADatabase = defaultDb): Promise<SystemMode> {
  const record = await database.systemStatus.get(SYSTEM_STATUS_ID);
  return isSystemMode(record?.mode) ? record.mode : DEFAULT_SYSTEM_MODE;
}

/** Creates a traveller locally (pending until the sync engine pushes it). */
export async function createTraveler(
  input: TravelerInput,
  database: PWADatabase = defaultDb,
): Promise<LocalTraveler> {
  // A new traveller belongs to the post the officer works at (a pre-arrival code may name
  // another post of arrival: the form's value wins). The server fills it in when left out.
  const entryPostId = input.entryPostId ?? currentPostId();
  return writeRecord('travelers', 'create', { ...input, ...(entryPostId ? { entryPostId } : {}) }, database);
}

/** Changes the given writable fields of a traveller locally (the others stay as stored). */
export async function updateTraveler(
  id: string,
  input: Partial<TravelerInput>,
  database: PWADatabase = defaultDb,
): Promise<LocalTraveler> {
  return writeRecord('travelers', 'update', { ...input, id }, database);
}

/**
 * Leaves a tombstone that syncs; the traveller disappears from lists at once.
 * @internal Exported for its tests only (knip --production).
 */
export async function deleteTraveler(id: string, database: PWADatabase = defaultDb): Promise<void> {
  await writeRecord('travelers', 'delete', { id }, database);
}
