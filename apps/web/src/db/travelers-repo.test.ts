import type { TravelerFilters, TravelerInput } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { foldJournal } from '../sync/ack-journal.ts';
import { writeRecords } from '../sync/outbox.ts';
import { applyPushResults } from '../sync/queue.ts';
import { freshDatabaseEachTest } from '../test/test-database.ts';
import { reportBulkWrites } from './bulk-writes.ts';
import { TravelerIndex } from './traveler-index.ts';
import {
  createTraveler,
  deleteTraveler,
  getSystemMode,
  getTraveler,
  updateTraveler,
} from './travelers-repo.ts';

const t = freshDatabaseEachTest('travelers-repo-test');

const input = (over: Partial<TravelerInput> = {}): TravelerInput => ({
  fullName: 'Nguyễn Văn An',
  passportNo: 'B1234567',
  nationality: 'VN',
  entryDate: '2026-01-05',
  status: 'pending',
  ...over,
});

/** Waits until the index lists `expected` travellers (change events arrive after commit). */
/**
 * `n` synced travellers named `name 0`, `name 1`, ... stored at `lastModified`, with passports of
 * their own (`passportPrefix`) and ids from `idOf`.
 */
const syncedRows = (
  name: string,
  n: number,
  lastModified: number,
  passportPrefix: string,
  idOf: (i: number) => string,
) =>
  Array.from({ length: n }, (_, i) => ({
    ...input({
      fullName: `${name} ${i}`,
      passportNo: `${passportPrefix}${name.length}${String(i).padStart(6, '0')}`,
    }),
    id: idOf(i),
    version: 1,
    syncStatus: 'synced' as const,
    lastModified,
  }));
const caughtUp = (expected: number) => waitFor(() => t.index.search({}).length === expected);

/** Polls `done` while letting change events reach the index; fails after about 2 s. */
async function waitFor(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) {
    await new Promise((r) => setTimeout(r, 10));
    await t.index.settled();
  }
  expect(done()).toBe(true);
}

describe('travelers repo and search index', () => {
  it('writes through the outbox: pending record + one queued mutation per change', async () => {
    const created = await createTraveler(input(), t.database);
    expect(created).toMatchObject({ version: 0, syncStatus: 'pending', fullName: 'Nguyễn Văn An' });
    await updateTraveler(created.id, input({ fullName: 'Nguyễn Văn Bình' }), t.database);
    await updateTraveler(created.id, { note: 'Ghi chú' }, t.database);
    const queue = await t.database.syncQueue.toArray();
    expect(queue.map((q) => q.operation)).toEqual(['create', 'update', 'update']);
    expect(queue[2]!.data).toMatchObject({ fullName: 'Nguyễn Văn Bình', note: 'Ghi chú' });
    expect(await getTraveler(created.id, t.database)).toMatchObject({ note: 'Ghi chú' });
    await deleteTraveler(created.id, t.database);
    expect(await getTraveler(created.id, t.database)).toBeNull();
  });

  it('loads, filters like the spec and follows later writes, hiding tombstones', async () => {
    const a = await createTraveler(
      input({ fullName: 'John SMITH', passportNo: 'US55551', nationality: 'US', entryDate: '2026-01-01' }),
      t.database,
    );
    await createTraveler(
      input({ fullName: 'Jane Smithers', passportNo: 'GB77777', nationality: 'GB', entryDate: '2026-01-10' }),
      t.database,
    );
    t.index.start();
    await caughtUp(2);
    expect(t.index.search({ fullName: 'smith' }).map((e) => e.fullName)).toEqual([
      'Jane Smithers',
      'John SMITH',
    ]);
    expect(t.index.search({ passportNo: 'us5' }).map((e) => e.fullName)).toEqual(['John SMITH']);
    expect(t.index.search({ nationality: 'GB' })).toHaveLength(1);
    expect(t.index.search({ entryDateFrom: '2026-01-01', entryDateTo: '2026-01-01' })).toHaveLength(1);
    expect(t.index.search({ entryDateFrom: '2026-01-02' }).map((e) => e.fullName)).toEqual(['Jane Smithers']);

    await createTraveler(
      input({ fullName: 'Tanaka Yuki', nationality: 'JP', passportNo: 'TK12345' }),
      t.database,
    );
    await caughtUp(3);
    // The status arrives from the server (lifecycle); a pulled change updates the index.
    await t.database.travelers.update(a.id, { status: 'cleared' });
    await caughtUp(3);
    await t.index.settled();
    expect(t.index.stats()).toEqual({ total: 3, pending: 2, declared: 0, tested: 0, cleared: 1 });
    await deleteTraveler(a.id, t.database);
    await caughtUp(2);
    expect(t.index.search({ fullName: 'john' })).toEqual([]);
  });

  it('finds names however they are typed: accents, case, đ, katakana for hiragana', async () => {
    const names = ['Trần Thị Hoa', 'Nguyễn Văn An', 'ĐẶNG Quốc Việt', 'たなか ゆき'];
    for (const [i, fullName] of names.entries())
      await createTraveler(input({ fullName, passportNo: `N${i}000000` }), t.database);
    t.index.start();
    await caughtUp(4);
    const found = (fullName: string) => t.index.search({ fullName }).map((e) => e.fullName);
    expect(found('tran thi')).toEqual(['Trần Thị Hoa']);
    expect(found('nguyen van an')).toEqual(['Nguyễn Văn An']);
    expect(found('dang')).toEqual(['ĐẶNG Quốc Việt']);
    expect(found('タナカ')).toEqual(['たなか ゆき']);
    expect(found('tran van')).toEqual([]);
  });

  it('follows bulk writes (pulled pages) and sync acknowledgements', async () => {
    t.index.start();
    await caughtUp(0);
    const now = Date.now();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      ...input({ fullName: `Pulled ${i}`, passportNo: `P${String(i).padStart(7, '0')}` }),
      id: crypto.randomUUID(),
      version: 1,
      syncStatus: 'synced' as const,
      lastModified: now,
    }));
    await t.database.travelers.bulkPut(rows);
    await caughtUp(120);
    // An acknowledgement changes syncStatus without touching lastModified.
    const mine = await createTraveler(input({ fullName: 'Mine' }), t.database);
    await caughtUp(121);
    await t.database.travelers.update(mine.id, { syncStatus: 'synced', version: 1 });
    await waitFor(() => t.index.get(mine.id)?.syncStatus === 'synced');
    expect(t.index.get(mine.id)?.syncStatus).toBe('synced');
  });

  it('takes a reported page as given, and still reads what else was stored at that moment', async () => {
    t.index.start();
    await t.index.settled();
    const at = Date.now();
    const rows = (name: string, n: number, lastModified: number) =>
      syncedRows(name, n, lastModified, 'R', () => crypto.randomUUID());
    const other = rows('Other', 60, at - 1000);
    await t.database.travelers.bulkPut(other);
    await caughtUp(60);
    // The same records changed at the page's moment by a writer the index does not hear (raw
    // IndexedDB): only the once-per-moment key check can find them.
    await new Promise<void>((resolve, reject) => {
      const tx = t.database.backendDB().transaction('travelers', 'readwrite');
      for (const r of other)
        tx.objectStore('travelers').put({ ...r, fullName: `${r.fullName} changed`, lastModified: at });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const page = rows('Stored', 80, at);
    await t.database.travelers.bulkPut(page);
    // The page as reported differs from what is stored only to show that it is not read back.
    reportBulkWrites(t.database, [
      { table: 'travelers', records: page.map((r) => ({ ...r, fullName: `Reported ${r.fullName}` })), at },
    ]);
    await caughtUp(140);
    await waitFor(() => t.index.get(other[0]?.id ?? '')?.fullName === 'Other 0 changed');
    expect(t.index.get(page[0]?.id ?? '')?.fullName).toBe('Reported Stored 0');
  });

  it('lists the newest entry date first and, within a day, the traveller registered last first', async () => {
    t.index.start();
    const base = { version: 1, syncStatus: 'synced' as const, lastModified: Date.now() };
    await t.database.travelers.bulkPut([
      {
        ...input({ fullName: 'Early', entryDate: '2026-01-05' }),
        ...base,
        id: 'f-1',
        createdAt: '2026-01-05T08:00:00.000Z',
      },
      {
        ...input({ fullName: 'Late', entryDate: '2026-01-05' }),
        ...base,
        id: 'a-2',
        createdAt: '2026-01-05T09:30:00.000Z',
      },
      {
        ...input({ fullName: 'Yesterday', entryDate: '2026-01-04' }),
        ...base,
        id: '0-3',
        createdAt: '2026-01-05T10:00:00.000Z',
      },
    ]);
    await caughtUp(3);
    const added = await createTraveler(
      input({ fullName: 'Just added', entryDate: '2026-01-05' }),
      t.database,
    );
    await caughtUp(4);
    expect(t.index.search({}).map((e) => e.fullName)).toEqual(['Just added', 'Late', 'Early', 'Yesterday']);
    // An edit keeps the traveller in place.
    await updateTraveler(added.id, { fullName: 'Just added (edited)' }, t.database);
    await waitFor(() => t.index.get(added.id)?.fullName === 'Just added (edited)');
    expect(t.index.search({})[0]?.id).toBe(added.id);
  });

  it('keeps following writes after a change that touched no traveller (an empty bulk write)', async () => {
    t.index.start();
    const mine = await createTraveler(input({ fullName: 'Status' }), t.database);
    await caughtUp(1);
    // An acknowledgement or pulled page with no travellers still reports the table as changed,
    // with an empty key set; this used to leave the index deaf to every later change.
    await t.database.travelers.bulkPut([]);
    await t.index.settled();
    await t.database.travelers.update(mine.id, { status: 'cleared' });
    await waitFor(() => t.index.get(mine.id)?.status === 'cleared');
    expect(t.index.search({ fullName: 'status' }).map((e) => e.status)).toEqual(['cleared']);
    expect(t.index.stats()).toMatchObject({ total: 1, cleared: 1, pending: 0 });
  });

  it('applies a change that arrives as a run ends (after its last check, before it is cleared)', async () => {
    t.index.start();
    await caughtUp(0);
    t.index.stop(); // change events are delivered by hand below
    const base = { version: 1, syncStatus: 'synced' as const, lastModified: Date.now() };
    await t.database.travelers.bulkPut([
      { ...input({ fullName: 'First' }), ...base, id: 'id-a' },
      { ...input({ fullName: 'Second', passportNo: 'B7654321' }), ...base, id: 'id-b' },
    ]);
    const internals = t.index as unknown as {
      drain: () => Promise<void>;
      feed: { handleMutation: (parts: Record<string, unknown>) => void };
    };
    const changed = (id: string) => ({ [`idb://${t.database.name}/travelers/`]: { from: id, to: id } });
    const drain = internals.drain.bind(t.index);
    let once = true;
    internals.drain = async () => {
      await drain();
      // Queued before the run's promise settles: the event sees the run as still under way.
      if (once) queueMicrotask(() => internals.feed.handleMutation(changed('id-b')));
      once = false;
    };
    internals.feed.handleMutation(changed('id-a'));
    await waitFor(() => t.index.get('id-b') !== undefined);
    expect(
      t.index
        .search({})
        .map((e) => e.fullName)
        .sort(),
    ).toEqual(['First', 'Second']);
  });

  it('shows a large offline batch as synced once the server acknowledges it (journal folded)', async () => {
    t.index.start();
    await caughtUp(0);
    const made = await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 120 }, (_, i) =>
        input({ fullName: `Offline ${i}`, passportNo: `O${String(i).padStart(7, '0')}` }),
      ),
      t.database,
    );
    await caughtUp(120);
    expect(t.index.search({}).every((e) => e.syncStatus === 'pending')).toBe(true);
    // Made a minute ago, offline: older than the index's re-read window.
    await t.database.travelers.toCollection().modify({ lastModified: Date.now() - 60_000 });
    await t.index.settled();
    // The server's answer for every row: applied as version 1.
    const rows = await t.database.syncQueue.toArray();
    await applyPushResults(
      t.database,
      rows,
      rows.map((r, i) => ({ seq: r.id!, status: 'applied' as const, version: 1, id: made[i]!.id })),
    );
    // The sync engine folds the acknowledgement journal after its run.
    await foldJournal(t.database);
    await waitFor(() => t.index.search({}).every((e) => e.syncStatus === 'synced'));
    expect(t.index.stats().total).toBe(120);
  });

  it('keeps the list in order through a large mixed batch (moves, new rows, removals)', async () => {
    t.index.start();
    const day = (i: number) => `2026-0${1 + (i % 9)}-${String(1 + (i % 27)).padStart(2, '0')}`;
    const row = (i: number, entryDate: string, lastModified: number) => ({
      ...input({ fullName: `Row ${i}`, passportNo: `R${String(i).padStart(7, '0')}`, entryDate }),
      id: `row-${String(i).padStart(4, '0')}`,
      version: 1,
      syncStatus: 'synced' as const,
      createdAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
      lastModified,
    });
    await t.database.travelers.bulkPut(Array.from({ length: 400 }, (_, i) => row(i, day(i), 1)));
    await caughtUp(400);
    // 150 moved to other dates, 100 new, 60 removed from the device: one batch of 310 changes.
    await t.database.transaction('rw', t.database.travelers, async () => {
      await t.database.travelers.bulkPut(Array.from({ length: 150 }, (_, i) => row(i * 2, day(i + 5), 2)));
      await t.database.travelers.bulkPut(Array.from({ length: 100 }, (_, i) => row(400 + i, day(i * 7), 2)));
      await t.database.travelers.bulkDelete(
        Array.from({ length: 60 }, (_, i) => `row-${String(301 + i).padStart(4, '0')}`),
      );
    });
    await caughtUp(440);
    const expected = (await t.database.travelers.toArray())
      .sort((a, b) =>
        a.entryDate !== b.entryDate
          ? String(b.entryDate).localeCompare(String(a.entryDate))
          : a.createdAt !== b.createdAt
            ? String(b.createdAt).localeCompare(String(a.createdAt))
            : a.id.localeCompare(b.id),
      )
      .map((r) => `${r.id}@${r.entryDate}`);
    expect(t.index.search({}).map((e) => `${e.id}@${e.entryDate}`)).toEqual(expected);
  });

  it('holds every traveller of a first pull, reported page by page, in order and searchable', async () => {
    t.index.start();
    await t.index.settled();
    const day = (i: number) => `2026-0${1 + (i % 9)}-${String(1 + ((i * 7) % 27)).padStart(2, '0')}`;
    const row = (i: number, version: number, lastModified: number) => ({
      ...input({
        fullName: `Pulled ${i} v${version}`,
        passportNo: `Q${String(i).padStart(7, '0')}`,
        nationality: i % 3 ? 'VN' : 'JP',
        entryDate: day(i + version),
      }),
      id: `pull-${String(i).padStart(4, '0')}`,
      version,
      syncStatus: 'synced' as const,
      createdAt: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00.000Z`,
      lastModified,
    });
    // One traveller stored before: the index has read up to its moment.
    const base = Date.now();
    await t.database.travelers.put(row(9999, 1, base - 60_000));
    await caughtUp(1);
    // Pages of 100 (more than are spliced in place), a second apart: new travellers, and from
    // the third page on newer versions of travellers of earlier pages (moved to another date),
    // as a pull brings them; the list is read once midway, as a screen would.
    for (let p = 0; p < 9; p++) {
      const at = base + p * 1000;
      const page = Array.from({ length: 100 }, (_, k) =>
        p >= 2 && k < 30 ? row((p - 2) * 100 + k * 2, p + 1, at) : row(p * 100 + k, 1, at),
      );
      await t.database.travelers.bulkPut(page);
      reportBulkWrites(t.database, [{ table: 'travelers', records: page, at }], p < 8);
      if (p === 4) expect(t.index.search({}).length).toBe(await t.database.travelers.count());
      if (p === 3) {
        // Another writer (not reported) changes 60 travellers of the first pages meanwhile, at a
        // moment the run's later pages leave behind the re-read window: the re-read held back
        // to the run's end still finds them.
        const ids = [
          ...Array.from({ length: 40 }, (_, i) => 60 + i),
          ...Array.from({ length: 20 }, (_, i) => 160 + i),
        ];
        await t.database.travelers.bulkPut(
          ids.map((i) => ({ ...row(i, 1, base + 500), fullName: `Other writer ${i}` })),
        );
      }
    }
    await t.index.settled();
    // The same as an index loaded from the database in one go.
    const loaded = new TravelerIndex(t.database);
    loaded.start();
    await loaded.settled();
    const listed = (index: TravelerIndex, filters: TravelerFilters) =>
      index.search(filters).map((e) => `${e.id}@${e.entryDate}:${e.fullName}`);
    try {
      for (const filters of [{}, { fullName: 'v3' }, { nationality: 'JP' }, { passportNo: 'q00001' }]) {
        expect(listed(t.index, filters)).toEqual(listed(loaded, filters));
      }
      expect(t.index.stats()).toEqual(loaded.stats());
    } finally {
      loaded.stop();
    }
    expect(t.index.search({})).toHaveLength(await t.database.travelers.count());
    // A later single change still lands in place.
    await updateTraveler('pull-0001', { entryDate: '2027-01-01' }, t.database);
    await waitFor(() => t.index.search({})[0]?.id === 'pull-0001');
  });

  it('an interrupted run (no last page) still gets its held-back re-read once it goes quiet', async () => {
    t.index.start();
    await t.index.settled();
    const at = Date.now();
    const rows = (name: string, n: number, lastModified: number) =>
      syncedRows(name, n, lastModified, 'S', (i) => `${name}-${i}`);
    const page = rows('Page', 60, at);
    await t.database.travelers.bulkPut(page);
    reportBulkWrites(t.database, [{ table: 'travelers', records: page, at }], true);
    // Another writer's bulk write while the run says more is coming; then the run stops.
    await t.database.travelers.bulkPut(rows('Other', 60, at + 1));
    await caughtUp(60);
    // Polled for the run's quiet time (3 s) and a little more.
    for (let i = 0; i < 60 && t.index.search({}).length < 120; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await t.index.settled();
    }
    expect(t.index.search({})).toHaveLength(120);
  });

  it('reads the system mode, pandemic by default', async () => {
    expect(await getSystemMode(t.database)).toBe('pandemic');
    await t.database.systemStatus.put({
      id: 'current',
      mode: 'normal',
      version: 1,
      syncStatus: 'synced',
      lastModified: 1,
    });
    expect(await getSystemMode(t.database)).toBe('normal');
  });
});
