import { addDays } from '@bh/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectedFigures, fillDashboardFixture } from '../test/dashboard-fixture.ts';
import { dashboardFigures } from './dashboard-repo.ts';
import { highRiskCache } from './dashboard-risk-cache.ts';
import { PWADatabase } from './database.ts';
import { attentionList } from './lifecycle-repo.ts';
import { TravelerIndex } from './traveler-index.ts';

const TODAY = '2026-11-24';
const opened: { database: PWADatabase; index: TravelerIndex }[] = [];
afterEach(async () => {
  for (const { database, index } of opened.splice(0)) {
    index.stop();
    database.close();
    await database.delete();
  }
});

/** The dashboard of a fresh device holding what `fill` writes. */
async function figuresAfter(fill: (database: PWADatabase) => Promise<unknown>) {
  const database = new PWADatabase(`dashboard-repo-test-${opened.length}`);
  const index = new TravelerIndex(database);
  opened.push({ database, index });
  await fill(database);
  index.start();
  return { database, figures: await dashboardFigures(database, index, TODAY) };
}

/** The dashboard of a fresh device holding `n` fixture travellers. */
async function figuresOf(n: number) {
  const { figures } = await figuresAfter(async (database) => {
    if (n > 0) await fillDashboardFixture(database, n, TODAY);
  });
  return figures;
}

const synced = { version: 1, syncStatus: 'synced' as const, lastModified: 1 };
const day = (n: number) => addDays(TODAY, n);

/** A traveller `status` whose quarantine started `start` days from today (null: no schedule). */
function traveler(id: string, status: string, start: number | null, deletedAt: string | null = null) {
  return {
    ...synced,
    id,
    fullName: id,
    passportNo: 'B1234567',
    nationality: 'VN',
    entryDate: day(-10),
    createdAt: `${day(-10)}T08:00:00.000Z`,
    status,
    quarantineStart: start === null ? null : day(start),
    quarantineDays: 14,
    deletedAt,
  };
}

function checkIn(travelerId: string, n: number, deletedAt: string | null = null) {
  return {
    ...synced,
    id: `${travelerId}-${n}`,
    travelerId,
    date: day(n),
    checkedAt: `${day(n)}T09:00:00+07:00`,
    temperature: 36.8,
    symptoms: {},
    note: null,
    deletedAt,
  };
}

describe('dashboard figures (local)', () => {
  it('counts today, pending, high risk today and quarantine over live travellers only', async () => {
    const figures = await figuresOf(3_000);
    expect(figures).toEqual(expectedFigures(3_000));
    expect(figures.arrivalsToday).toBeGreaterThan(0);
    expect(figures.highRiskToday).toBeGreaterThan(0);
  });

  it('is all zero on an empty device', async () => {
    expect(await figuresOf(0)).toEqual({
      arrivalsToday: 0,
      pendingDeclarations: 0,
      highRiskToday: 0,
      quarantineActive: 0,
      overdueCheckIns: 0,
    });
  });

  it('counts quarantined travellers with a scheduled day before today and no live check-in for it', async () => {
    const { database, figures } = await figuresAfter(async (db) => {
      await db.travelers.bulkPut([
        traveler('missed-yesterday', 'quarantine', -3),
        traveler('all-done', 'quarantine', -2),
        traveler('check-in-deleted', 'quarantine', -2),
        traveler('started-today', 'quarantine', 0),
        traveler('no-schedule', 'quarantine', null),
        traveler('cleared', 'cleared', -5),
        traveler('deleted', 'quarantine', -5, `${TODAY}T01:00:00.000Z`),
      ]);
      await db.checkIns.bulkPut([
        checkIn('missed-yesterday', -3),
        checkIn('missed-yesterday', -2),
        checkIn('all-done', -2),
        checkIn('all-done', -1),
        // A check-in for today does not make up for a missed day.
        checkIn('missed-yesterday', 0),
        checkIn('check-in-deleted', -2),
        checkIn('check-in-deleted', -1, `${TODAY}T02:00:00.000Z`),
      ]);
    });
    expect(figures).toMatchObject({ quarantineActive: 5, overdueCheckIns: 2 });
    // The same travellers the needs-attention list (the figure's link) shows as overdue.
    const attention = await attentionList(TODAY, database);
    expect(
      attention
        .filter((a) => a.reasons.includes('overdue'))
        .map((a) => a.travelerId)
        .sort(),
    ).toEqual(['check-in-deleted', 'missed-yesterday']);
  });

  it('follows a declaration that changes after the first computation (the risk answers are cached)', async () => {
    const { database, figures } = await figuresAfter((db) => fillDashboardFixture(db, 3_000, TODAY));
    const index = opened.at(-1)?.index;
    if (!index) throw new Error('no index');
    const cache = highRiskCache(database);
    // Traveller t-0 arrived today and its declaration is low risk (the fixture's first).
    const version = cache.getVersion();
    await database.declarations.update('t-0', { riskLevel: 'high' });
    expect(cache.getVersion()).toBeGreaterThan(version);
    const raised = await dashboardFigures(database, index, TODAY);
    expect(raised.highRiskToday).toBe(figures.highRiskToday + 1);
    // A deleted declaration, and a wide write (a pulled page) that touches every key.
    await database.declarations.update('t-0', { deletedAt: `${TODAY}T10:00:00.000Z` });
    expect((await dashboardFigures(database, index, TODAY)).highRiskToday).toBe(figures.highRiskToday);
    const highs = (await database.declarations.toArray()).filter((d) => d.riskLevel === 'high');
    await database.declarations.bulkPut(highs.map((d) => ({ ...d, riskLevel: 'low' })));
    expect((await dashboardFigures(database, index, TODAY)).highRiskToday).toBe(0);
  });
});
