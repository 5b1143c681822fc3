import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PWADatabase } from './database.ts';
import { purgeSyncedRecordsOlderThan } from './retention-repo.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24);
let database: PWADatabase;
let n = 0;

beforeEach(async () => {
  database = new PWADatabase(`retention-test-${++n}`);
  await database.open();
});
afterEach(async () => {
  database.close();
  await database.delete();
});

const traveler = (id: string, ageDays: number, syncStatus: 'synced' | 'pending' | 'conflict' = 'synced') => ({
  id,
  fullName: id,
  passportNo: `P${id}`,
  nationality: 'VN',
  entryDate: '2026-01-05',
  status: 'pending',
  version: 1,
  syncStatus,
  lastModified: NOW - ageDays * DAY,
});
const declaration = (id: string, travelerId: string, ageDays: number) => ({
  id,
  travelerId,
  version: 1,
  syncStatus: 'synced' as const,
  lastModified: NOW - ageDays * DAY,
});
const ids = async () => ({
  travelers: (await database.travelers.toCollection().primaryKeys()).sort(),
  declarations: (await database.declarations.toCollection().primaryKeys()).sort(),
});

describe('retention purge', () => {
  it('removes synced records older than N days and keeps newer ones', async () => {
    await database.travelers.bulkPut([traveler('old', 40), traveler('new', 5)]);
    await database.declarations.bulkPut([declaration('d-old', 'old', 40)]);
    expect(await purgeSyncedRecordsOlderThan(database, 30, NOW)).toEqual({ travelers: 1, declarations: 1 });
    expect(await ids()).toEqual({ travelers: ['new'], declarations: [] });
  });

  it('NEVER removes a record with pending changes: unsynced, in the outbox, or in an open conflict', async () => {
    await database.travelers.bulkPut([
      traveler('unsynced', 90, 'pending'),
      traveler('conflicted', 90, 'conflict'),
      traveler('queued', 90),
      traveler('open-conflict', 90),
      traveler('plain', 90),
    ]);
    await database.syncQueue.add({
      operation: 'update',
      table: 'travelers',
      recordId: 'queued',
      data: { fullName: 'x' },
      baseVersion: 1,
      timestamp: NOW,
      retryCount: 0,
      nextAttemptAt: NOW,
    });
    await database.conflicts.add({
      table: 'travelers',
      recordId: 'open-conflict',
      localData: null,
      serverData: null,
      conflictType: 'version_mismatch',
      timestamp: NOW,
      resolved: 0,
      syncQueueId: 9,
      operation: 'update',
    });
    await purgeSyncedRecordsOlderThan(database, 30, NOW);
    expect((await ids()).travelers).toEqual(['conflicted', 'open-conflict', 'queued', 'unsynced']);
  });

  it('keeps an old traveller while one of its declarations stays', async () => {
    await database.travelers.bulkPut([traveler('owner', 60)]);
    await database.declarations.bulkPut([declaration('recent', 'owner', 2)]);
    expect(await purgeSyncedRecordsOlderThan(database, 30, NOW)).toEqual({ travelers: 0, declarations: 0 });
    expect(await ids()).toEqual({ travelers: ['owner'], declarations: ['recent'] });
  });
});
