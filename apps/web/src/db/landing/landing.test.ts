/**
 * A fresh device's first pull lands its records packed: every read of the app sees them as if
 * they were stored, a write or delete takes a record out of the landing (so hydration can never
 * bring back an older copy), another tab sees them too, and hydration moves them into their
 * stores unchanged.
 */
import type { PullResponse } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { writeRecord } from '../../sync/outbox.ts';
import { savePage } from '../../sync/pull.ts';
import { freshDatabaseEachTest } from '../../test/test-database.ts';
import { PWADatabase } from '../database.ts';
import { hydrateLanding, LANDING_ROW_SIZE, LANDING_STORE, landedCount } from './index.ts';

const t = freshDatabaseEachTest('landing');
const id = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const traveler = (n: number, version = 1, extra: Record<string, unknown> = {}) => ({
  ...validTraveler,
  id: id(n),
  fullName: `Landed ${n}`,
  status: n % 3 === 0 ? 'quarantine' : 'pending',
  version,
  ...extra,
});
const page = (cursor: number, hasMore: boolean, records: ReturnType<typeof traveler>[]): PullResponse => ({
  changes: records.map((record) => ({ table: 'travelers', record })),
  cursor,
  hasMore,
  epoch: 'e1',
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** A fresh page of travellers 1..n (cursor n), saved as the first pull saves it. */
const land = (n: number, hasMore = false) =>
  savePage(
    t.database,
    page(
      n,
      hasMore,
      range(1, n + 1).map((i) => traveler(i)),
    ),
  );
/** Rows physically in the landing store (records rows and keys rows, plus the generation row). */
const landingRows = (database: PWADatabase) => database.table(LANDING_STORE).count();

describe('landing', () => {
  it('a fresh pull lands its records packed, and every read sees them as stored', async () => {
    const { database } = t;
    const n = 2 * LANDING_ROW_SIZE + 100;
    await land(n);
    expect(await landedCount(database)).toBe(n);
    // Three records rows, three keys rows and the generation: 7 IndexedDB values for 1,100 records.
    expect(await landingRows(database)).toBe(7);
    expect(await database.travelers.get(id(5))).toMatchObject({ fullName: 'Landed 5', syncStatus: 'synced' });
    const some = await database.travelers.bulkGet([id(1), id(n), id(n + 5)]);
    expect(some.map((r) => r?.fullName)).toEqual(['Landed 1', `Landed ${n}`, undefined]);
    expect(await database.travelers.count()).toBe(n);
    expect(await database.travelers.where('status').equals('quarantine').count()).toBe(Math.floor(n / 3));
    const all = await database.travelers.toArray();
    expect(all.map((r) => r.id)).toEqual(range(1, n + 1).map(id));
    expect(await database.travelers.filter((r) => r.fullName === 'Landed 77').count()).toBe(1);
    // What was written at the page's moment (the traveller index's check), without the records.
    const at = Number(all[0]?.lastModified);
    expect(await database.travelers.where('lastModified').equals(at).primaryKeys()).toEqual(
      range(1, n + 1).map(id),
    );
    expect(await database.travelers.where('lastModified').above(at).count()).toBe(0);
    const newest = await database.travelers.orderBy('lastModified').reverse().limit(3).primaryKeys();
    expect(newest).toHaveLength(3);
    expect(await database.travelers.where(':id').between(id(10), id(20)).primaryKeys()).toEqual(
      range(10, 20).map(id),
    );
  });

  it('the traveller index loads landed records, and hydration leaves it and every record as they were', async () => {
    const { database, index } = t;
    await land(900);
    index.start();
    await index.settled();
    expect(index.search({})).toHaveLength(900);
    const before = await database.travelers.toArray();
    await hydrateLanding(database);
    expect(await landedCount(database)).toBe(0);
    expect(await landingRows(database)).toBe(1); // the generation row
    expect(await database.travelers.toArray()).toEqual(before);
    await index.settled();
    expect(index.search({})).toHaveLength(900);
  });

  it('an officer’s edit of a landed record leaves the landing, and hydration does not undo it', async () => {
    const { database } = t;
    await land(600);
    await writeRecord('travelers', 'update', { id: id(7), fullName: 'Edited on the device' }, database);
    const [row] = await database.syncQueue.toArray();
    // Based on the landed copy's server version.
    expect(row).toMatchObject({ recordId: id(7), baseVersion: 1 });
    expect(await landedCount(database)).toBe(599);
    await hydrateLanding(database);
    expect(await database.travelers.get(id(7))).toMatchObject({
      fullName: 'Edited on the device',
      syncStatus: 'pending',
    });
    expect(await database.travelers.count()).toBe(600);
  });

  it('a landed record deleted from the device stays deleted after hydration', async () => {
    const { database } = t;
    await land(600);
    const at = Number((await database.travelers.get(id(3)))?.lastModified);
    await database.travelers.bulkDelete([id(3), id(555)]);
    expect(await database.travelers.get(id(3))).toBeUndefined();
    expect(await database.travelers.where('lastModified').equals(at).count()).toBe(598);
    expect(await database.travelers.where('lastModified').equals(at).primaryKeys()).not.toContain(id(3));
    expect(await database.travelers.count()).toBe(598);
    await hydrateLanding(database);
    expect(await database.travelers.bulkGet([id(3), id(555)])).toEqual([undefined, undefined]);
    expect(await database.travelers.count()).toBe(598);
  });

  it('a record pulled twice during the first pull keeps its newer copy', async () => {
    const { database } = t;
    await land(10, true);
    await savePage(database, page(12, false, [traveler(4, 2, { fullName: 'Changed on the server' })]));
    expect(await landedCount(database)).toBe(10);
    expect(await database.travelers.get(id(4))).toMatchObject({
      version: 2,
      fullName: 'Changed on the server',
    });
    await hydrateLanding(database);
    expect(await database.travelers.get(id(4))).toMatchObject({
      version: 2,
      fullName: 'Changed on the server',
    });
  });

  it('a later pull over landed records compares with the landed copy', async () => {
    const { database } = t;
    await land(10);
    // The next run's pull is not fresh: it reads the landed copies and writes only what is newer.
    await savePage(database, page(13, false, [traveler(2, 1), traveler(3, 2, { fullName: 'Newer' })]));
    expect(await landedCount(database)).toBe(9);
    expect(await database.travelers.get(id(3))).toMatchObject({ version: 2, fullName: 'Newer' });
    expect(await database.travelers.get(id(2))).toMatchObject({ version: 1, fullName: 'Landed 2' });
  });

  it('a reverse query with a limit takes the newest rows, stored and landed together', async () => {
    const { database } = t;
    await land(10);
    const at = Number((await database.travelers.get(id(1)))?.lastModified);
    // Stored beside the landed ones, written later: the newest three.
    await database.travelers.bulkPut(
      [11, 12, 13].map((n) => ({ ...traveler(n), syncStatus: 'synced' as const, lastModified: at + n })),
    );
    expect(await landedCount(database)).toBe(10);
    expect(await database.travelers.orderBy('lastModified').reverse().limit(2).primaryKeys()).toEqual([
      id(13),
      id(12),
    ]);
    expect(await database.travelers.orderBy(':id').reverse().limit(2).primaryKeys()).toEqual([
      id(13),
      id(12),
    ]);
    expect(await database.travelers.orderBy('lastModified').limit(2).primaryKeys()).toEqual([id(1), id(2)]);
  });

  it('another tab of the same database sees the landed records and what this tab did to them', async () => {
    const { database } = t;
    const other = new PWADatabase(database.name);
    await other.open();
    try {
      expect(await other.travelers.count()).toBe(0);
      await land(600);
      expect(await other.travelers.get(id(600))).toMatchObject({ fullName: 'Landed 600' });
      await other.travelers.update(id(600), { fullName: 'Edited in the other tab' });
      await hydrateLanding(database);
      expect(await database.travelers.get(id(600))).toMatchObject({ fullName: 'Edited in the other tab' });
      expect(await other.travelers.count()).toBe(600);
    } finally {
      other.close();
    }
  });
});
