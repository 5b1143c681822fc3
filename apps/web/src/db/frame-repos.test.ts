import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PWADatabase } from './database.ts';
import { countPendingFiles } from './file-blob-stats.ts';
import { readSystemStatus, saveSystemStatus } from './system-status-repo.ts';
import { searchTravelers } from './travelers-search.ts';

let database: PWADatabase;
beforeEach(() => {
  database = new PWADatabase(`frame-${Math.random()}`);
});
afterEach(async () => {
  await database.delete();
});

const status = (over: Record<string, unknown> = {}) => ({
  id: 'current',
  mode: 'pandemic',
  statusText: '',
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  todayEntries: 3,
  ...over,
});

describe('system status repository', () => {
  it('is empty at first, then keeps the last fetched status', async () => {
    expect(await readSystemStatus(database)).toBeNull();
    await saveSystemStatus(status(), database);
    expect(await readSystemStatus(database)).toMatchObject({
      mode: 'pandemic',
      todayEntries: 3,
      syncStatus: 'synced',
    });
  });

  it('keeps a newer held mode but refreshes the figures from an older answer', async () => {
    await saveSystemStatus(status({ mode: 'normal', version: 3 }), database);
    await saveSystemStatus(status({ mode: 'emergency', version: 2, todayEntries: 9 }), database);
    expect(await readSystemStatus(database)).toMatchObject({ mode: 'normal', version: 3, todayEntries: 9 });
  });
});

describe('traveller search', () => {
  it('finds by name or passport, case-insensitive, without deleted ones', async () => {
    const base = { nationality: 'VN', version: 1, syncStatus: 'synced' as const, lastModified: 0 };
    await database.travelers.bulkPut([
      { id: 'a', fullName: 'Nguyễn Văn An', passportNo: 'B1234567', ...base },
      { id: 'b', fullName: 'John Smith', passportNo: 'C7654321', ...base },
      { id: 'c', fullName: 'Nguyễn Deleted', passportNo: 'D1111111', deletedAt: '2026-01-01', ...base },
    ]);
    expect((await searchTravelers('nguyễn', 10, database)).map((t) => t.id)).toEqual(['a']);
    expect((await searchTravelers('c765', 10, database)).map((t) => t.id)).toEqual(['b']);
    expect(await searchTravelers('  ', 10, database)).toEqual([]);
  });
});

describe('pending files', () => {
  it('counts only pending blobs', async () => {
    const file = {
      blob: new Blob(['x']),
      name: 'a.png',
      type: 'image/png',
      size: 1,
      fileType: 't',
      createdAt: 0,
    };
    await database.fileBlobs.bulkPut([
      { id: '1', status: 'pending', ...file },
      { id: '2', status: 'uploaded', ...file },
      { id: '3', status: 'pending', ...file },
    ]);
    expect(await countPendingFiles(database)).toBe(2);
  });
});
