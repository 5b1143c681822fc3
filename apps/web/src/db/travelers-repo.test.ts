import type { TravelerInput } from '@bh/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PWADatabase } from './database.ts';
import { TravelerIndex } from './traveler-index.ts';
import {
  createTraveler,
  deleteTraveler,
  getSystemMode,
  getTraveler,
  setTravelerStatus,
  updateTraveler,
} from './travelers-repo.ts';

let database: PWADatabase;
let index: TravelerIndex;
let n = 0;

beforeEach(async () => {
  database = new PWADatabase(`travelers-repo-test-${++n}`);
  await database.open();
  index = new TravelerIndex(database);
});
afterEach(async () => {
  index.stop();
  database.close();
  await database.delete();
});

const input = (over: Partial<TravelerInput> = {}): TravelerInput => ({
  fullName: 'Nguyễn Văn An',
  passportNo: 'B1234567',
  nationality: 'VN',
  entryDate: '2026-01-05',
  status: 'pending',
  ...over,
});

/** Waits until the index caught up with the database (events arrive after commit). */
async function caughtUp(expected: number) {
  for (let i = 0; i < 100; i++) {
    await index.settled();
    if (index.search({}).length === expected) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`index has ${index.search({}).length}, expected ${expected}`);
}

describe('travelers repo and search index', () => {
  it('writes through the outbox: pending record + one queued mutation per change', async () => {
    const created = await createTraveler(input(), database);
    expect(created).toMatchObject({ version: 0, syncStatus: 'pending', fullName: 'Nguyễn Văn An' });
    await updateTraveler(created.id, input({ fullName: 'Nguyễn Văn Bình' }), database);
    await setTravelerStatus(created.id, 'declared', database);
    const queue = await database.syncQueue.toArray();
    expect(queue.map((q) => q.operation)).toEqual(['create', 'update', 'update']);
    expect(queue[2]!.data).toMatchObject({ fullName: 'Nguyễn Văn Bình', status: 'declared' });
    expect(await getTraveler(created.id, database)).toMatchObject({ status: 'declared' });
    await deleteTraveler(created.id, database);
    expect(await getTraveler(created.id, database)).toBeNull();
  });

  it('loads, filters like the spec and follows later writes, hiding tombstones', async () => {
    const a = await createTraveler(
      input({ fullName: 'John SMITH', passportNo: 'US55551', nationality: 'US', entryDate: '2026-01-01' }),
      database,
    );
    await createTraveler(
      input({ fullName: 'Jane Smithers', passportNo: 'GB77777', nationality: 'GB', entryDate: '2026-01-10' }),
      database,
    );
    index.start();
    await caughtUp(2);
    expect(index.search({ fullName: 'smith' }).map((e) => e.fullName)).toEqual([
      'Jane Smithers',
      'John SMITH',
    ]);
    expect(index.search({ passportNo: 'us5' }).map((e) => e.fullName)).toEqual(['John SMITH']);
    expect(index.search({ nationality: 'GB' })).toHaveLength(1);
    expect(index.search({ entryDateFrom: '2026-01-01', entryDateTo: '2026-01-01' })).toHaveLength(1);
    expect(index.search({ entryDateFrom: '2026-01-02' }).map((e) => e.fullName)).toEqual(['Jane Smithers']);

    await createTraveler(
      input({ fullName: 'Tanaka Yuki', nationality: 'JP', passportNo: 'TK12345' }),
      database,
    );
    await caughtUp(3);
    await setTravelerStatus(a.id, 'cleared', database);
    await caughtUp(3);
    await index.settled();
    expect(index.stats()).toEqual({ total: 3, pending: 2, declared: 0, tested: 0, cleared: 1 });
    await deleteTraveler(a.id, database);
    await caughtUp(2);
    expect(index.search({ fullName: 'john' })).toEqual([]);
  });

  it('follows bulk writes (pulled pages) and sync acknowledgements', async () => {
    index.start();
    await caughtUp(0);
    const now = Date.now();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      ...input({ fullName: `Pulled ${i}`, passportNo: `P${String(i).padStart(7, '0')}` }),
      id: crypto.randomUUID(),
      version: 1,
      syncStatus: 'synced' as const,
      lastModified: now,
    }));
    await database.travelers.bulkPut(rows);
    await caughtUp(120);
    // An acknowledgement changes syncStatus without touching lastModified.
    const mine = await createTraveler(input({ fullName: 'Mine' }), database);
    await caughtUp(121);
    await database.travelers.update(mine.id, { syncStatus: 'synced', version: 1 });
    for (let i = 0; i < 50 && index.get(mine.id)?.syncStatus !== 'synced'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      await index.settled();
    }
    expect(index.get(mine.id)?.syncStatus).toBe('synced');
  });

  it('reads the system mode, pandemic by default', async () => {
    expect(await getSystemMode(database)).toBe('pandemic');
    await database.systemStatus.put({
      id: 'current',
      mode: 'normal',
      version: 1,
      syncStatus: 'synced',
      lastModified: 1,
    });
    expect(await getSystemMode(database)).toBe('normal');
  });
});
