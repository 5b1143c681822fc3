import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectedFigures, fillDashboardFixture } from './dashboard-fixture.ts';
import { dashboardFigures } from './dashboard-repo.ts';
import { PWADatabase } from './database.ts';
import { TravelerIndex } from './traveler-index.ts';

let database: PWADatabase;
let index: TravelerIndex;
let n = 0;
const TODAY = '2026-11-24';

beforeEach(async () => {
  database = new PWADatabase(`dashboard-repo-test-${++n}`);
  await database.open();
  index = new TravelerIndex(database);
});
afterEach(async () => {
  index.stop();
  database.close();
  await database.delete();
});

describe('dashboard figures (local)', () => {
  it('counts today, pending, high risk today and quarantine over live travellers only', async () => {
    await fillDashboardFixture(database, 3_000, TODAY);
    index.start();
    const figures = await dashboardFigures(database, index, TODAY);
    expect(figures).toEqual(expectedFigures(3_000));
    expect(figures.arrivalsToday).toBeGreaterThan(0);
    expect(figures.highRiskToday).toBeGreaterThan(0);
  });

  it('is all zero on an empty device', async () => {
    index.start();
    expect(await dashboardFigures(database, index, TODAY)).toEqual({
      arrivalsToday: 0,
      pendingDeclarations: 0,
      highRiskToday: 0,
      quarantineActive: 0,
      overdueCheckIns: null,
    });
  });
});
