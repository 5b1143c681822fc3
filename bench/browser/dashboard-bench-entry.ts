/**
 * Benchmark page: the app's own dashboardFigures() (apps/web/src/db/dashboard-repo.ts) over
 * travellers and declarations in Chromium's IndexedDB, driven by bench/dashboard.bench.mjs
 * through window.dashboardBench. fill() and measure() run in separate page loads, so the
 * measurement starts from IndexedDB on disk as an app start does; each round of measure()
 * writes one intake (a traveller arriving today and its high-risk declaration) and times the
 * recomputation that follows, as the screen does after a change.
 */

import { dashboardFigures } from '../../apps/web/src/db/dashboard-repo.ts';
import { PWADatabase } from '../../apps/web/src/db/database.ts';
import { TravelerIndex } from '../../apps/web/src/db/traveler-index.ts';
import { fillDashboardFixture } from '../../apps/web/src/test/dashboard-fixture.ts';

const NAME = 'dashboard-bench';

declare global {
  interface Window {
    dashboardBench: unknown;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

window.dashboardBench = {
  async fill(n: number, today: string, days: number, schedules: boolean) {
    const database = new PWADatabase(NAME);
    await database.open();
    const started = performance.now();
    await fillDashboardFixture(database, n, today, days, { schedules });
    const ms = performance.now() - started;
    database.close();
    return { ms };
  },
  async measure(rounds: number, today: string) {
    const database = new PWADatabase(NAME);
    await database.open();
    const index = new TravelerIndex(database);
    const coldStart = performance.now();
    index.start();
    const figures = await dashboardFigures(database, index, today);
    const coldMs = performance.now() - coldStart;
    const times: number[] = [];
    const passTimes: number[] = [];
    const readTimes: number[] = [];
    const todayIds: string[] = [];
    index.forEachLive((e) => {
      if (e.entryDate === today) todayIds.push(e.id);
    });
    for (let i = 0; i < rounds; i++) {
      // A change as an intake makes it: a traveller arriving today and a high-risk declaration.
      const id = `bench-intake-${i}`;
      await database.transaction('rw', database.travelers, database.declarations, async () => {
        await database.travelers.put({
          id,
          fullName: `Intake ${i}`,
          passportNo: `I${String(i).padStart(8, '0')}`,
          nationality: 'VN',
          entryDate: today,
          status: 'declared',
          createdAt: `${today}T08:00:00.000Z`,
          version: 0,
          deletedAt: null,
          syncStatus: 'pending',
          lastModified: Date.now(),
        });
        await database.declarations.put({
          id,
          travelerId: id,
          riskLevel: 'high',
          version: 0,
          deletedAt: null,
          syncStatus: 'pending',
          lastModified: Date.now(),
        });
      });
      // What the screen pays after the change: the index catching up, then the figures.
      const started = performance.now();
      while (!index.get(id)) await new Promise((resolve) => setTimeout(resolve, 0));
      await dashboardFigures(database, index, today);
      times.push(performance.now() - started);
      // The in-memory part alone: one pass over the index.
      const passStarted = performance.now();
      let live = 0;
      index.forEachLive(() => {
        live++;
      });
      passTimes.push(performance.now() - passStarted);
      if (live === 0) throw new Error('the index is empty');
      // What the cache saves: today's arrivals' declarations read by key, as without it.
      const readStarted = performance.now();
      await database.declarations.bulkGet(todayIds);
      readTimes.push(performance.now() - readStarted);
    }
    const after = await dashboardFigures(database, index, today);
    if (
      after.arrivalsToday !== figures.arrivalsToday + rounds ||
      after.highRiskToday !== figures.highRiskToday + rounds
    )
      throw new Error(`the figures did not follow the changes: ${JSON.stringify({ figures, after })}`);
    index.stop();
    database.close();
    return {
      figures,
      after,
      coldMs,
      times,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      indexPassP95Ms: percentile(passTimes, 95),
      declarationsReadP95Ms: percentile(readTimes, 95),
      userAgent: navigator.userAgent,
    };
  },
};
const state = document.getElementById('state');
if (!state) throw new Error('dashboard bench page: no #state element to report readiness in');
state.textContent = 'ready';
