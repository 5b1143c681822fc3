/**
 * The dashboard's figures, computed on the device (works offline): the travellers come from
 * the in-memory traveller index (one cheap pass over every live entry), today's high-risk count
 * from the declarations of today's arrivals (read by key the first time, then kept until a
 * declaration changes: dashboard-risk-cache.ts),
 * overdue check-ins from the check-ins of the quarantined travellers that have a day due
 * (read by traveller). Measured by bench/dashboard.bench.mjs (docs/decisions/008-report-queries.md).
 */
import { overdueDays } from '@bh/shared';
import { highRiskCache } from './dashboard-risk-cache.ts';
import { db as defaultDb, type PWADatabase } from './database.ts';
import type { TravelerEntry, TravelerIndex } from './traveler-index.ts';
import { travelerIndex } from './travelers-repo.ts';

export interface DashboardFigures {
  arrivalsToday: number;
  pendingDeclarations: number;
  highRiskToday: number;
  quarantineActive: number;
  /**
   * Travellers in quarantine with an overdue check-in (overdueDays() of packages/shared, the
   * rule of the needs-attention list and of the reports).
   */
  overdueCheckIns: number;
}

/** The traveller counts of the dashboard over the index's live entries, and today's arrivals. */
function countEntries(index: Pick<TravelerIndex, 'forEachLive'>, today: string) {
  let pendingDeclarations = 0;
  let quarantineActive = 0;
  const todayIds: string[] = [];
  const followed: TravelerEntry[] = [];
  index.forEachLive((e) => {
    if (e.entryDate === today) todayIds.push(e.id);
    if (e.status === 'pending') pendingDeclarations++;
    else if (e.status === 'quarantine') {
      quarantineActive++;
      // Only a schedule that started before today can have a day due.
      if (e.quarantineStart !== null && e.quarantineStart < today) followed.push(e);
    }
  });
  return { pendingDeclarations, quarantineActive, todayIds, followed };
}

/** How many of these quarantined travellers have a scheduled day before today without a live check-in. */
async function overdueAmong(
  database: PWADatabase,
  followed: readonly TravelerEntry[],
  today: string,
): Promise<number> {
  if (followed.length === 0) return 0;
  const checkIns = await database.checkIns
    .where('travelerId')
    .anyOf(followed.map((e) => e.id))
    .toArray();
  const dates = new Map<string, string[]>();
  for (const c of checkIns)
    if (!c.deletedAt) dates.set(c.travelerId, [...(dates.get(c.travelerId) ?? []), c.date]);
  return followed.filter((e) => overdueDays(e, dates.get(e.id) ?? [], today).length > 0).length;
}

/**
 * Which of these travellers have a live high-risk declaration. A traveller's declaration has
 * the traveller's id (declarations-repo.ts), so this is one read by primary key per traveller.
 */
export async function highRiskAmong(
  database: PWADatabase,
  travelerIds: readonly string[],
): Promise<Set<string>> {
  const found = await database.declarations.bulkGet([...travelerIds]);
  return new Set(found.flatMap((d) => (d && !d.deletedAt && d.riskLevel === 'high' ? [d.travelerId] : [])));
}

export async function dashboardFigures(
  database: PWADatabase,
  index: TravelerIndex,
  today: string,
): Promise<DashboardFigures> {
  await index.settled();
  const { todayIds, followed, ...counts } = countEntries(index, today);
  const [highRisk, overdueCheckIns] = await Promise.all([
    // Cached between recomputations (dashboard-risk-cache.ts): the hook re-renders on its version.
    highRiskCache(database).highRiskAmong(todayIds),
    overdueAmong(database, followed, today),
  ]);
  return { arrivalsToday: todayIds.length, highRiskToday: highRisk.size, ...counts, overdueCheckIns };
}

/** The figures over a database's own traveller index (the dashboard screen's). */
export function deviceDashboardFigures(
  today: string,
  database: PWADatabase = defaultDb,
): Promise<DashboardFigures> {
  return dashboardFigures(database, travelerIndex(database), today);
}
