import { afterEach, describe, expect, it } from 'vitest';
import { expectedFigures, fillDashboardFixture } from './dashboard-fixture.ts';
import { dashboardFigures } from './dashboard-repo.ts';
import { PWADatabase } from './database.ts';
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

/** The dashboard of a fresh device holding `n` fixture travellers. */
async function figuresOf(n: number) {
  const database = new PWADatabase(`dashboard-repo-test-${opened.length}-${n}`);
  const index = new TravelerIndex(database);
  opened.push({ database, index });
  if (n > 0) await fillDashboardFixture(database, n, TODAY);
  index.start();
  return dashboardFigures(database, index, TODAY);
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
      overdueCheckIns: null,
    });
  });
});
