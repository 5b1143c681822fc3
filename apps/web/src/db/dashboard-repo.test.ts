import { describe, expect, it } from 'vitest';
import { freshDatabaseEachTest } from '../test/test-database.ts';
import { expectedFigures, fillDashboardFixture } from './dashboard-fixture.ts';
import { dashboardFigures } from './dashboard-repo.ts';

const t = freshDatabaseEachTest('dashboard-repo-test');
const TODAY = '2026-11-24';

describe('dashboard figures (local)', () => {
  it('counts today, pending, high risk today and quarantine over live travellers only', async () => {
    await fillDashboardFixture(t.database, 3_000, TODAY);
    t.index.start();
    const figures = await dashboardFigures(t.database, t.index, TODAY);
    expect(figures).toEqual(expectedFigures(3_000));
    expect(figures.arrivalsToday).toBeGreaterThan(0);
    expect(figures.highRiskToday).toBeGreaterThan(0);
  });

  it('is all zero on an empty device', async () => {
    t.index.start();
    expect(await dashboardFigures(t.database, t.index, TODAY)).toEqual({
      arrivalsToday: 0,
      pendingDeclarations: 0,
      highRiskToday: 0,
      quarantineActive: 0,
      overdueCheckIns: null,
    });
  });
});
