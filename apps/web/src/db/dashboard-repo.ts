/**
 * The dashboard's figures, computed on the device (works offline): the travellers come from
 * the in-memory traveller index (one pass over every live entry: a few milliseconds for
 * 100,000), today's high-risk count from the declarations of today's arrivals (read by key).
 * Measured by bench/dashboard.bench.mjs.
 */
import type { PWADatabase } from './database.ts';
import type { TravelerIndex } from './traveler-index.ts';

export interface DashboardFigures {
  arrivalsToday: number;
  pendingDeclarations: number;
  highRiskToday: number;
  quarantineActive: number;
  /**
   * Travellers with an overdue quarantine check-in; null while the device has no check-ins
   * store (the figure is hidden then).
   */
  overdueCheckIns: number | null;
}

/** The traveller counts of the dashboard over the index's live entries, and today's arrivals. */
function countEntries(index: Pick<TravelerIndex, 'forEachLive'>, today: string) {
  let pendingDeclarations = 0;
  let quarantineActive = 0;
  const todayIds: string[] = [];
  index.forEachLive((e) => {
    if (e.entryDate === today) todayIds.push(e.id);
    if (e.status === 'pending') pendingDeclarations++;
    else if (e.status === 'quarantine') quarantineActive++;
  });
  return { pendingDeclarations, quarantineActive, todayIds };
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
  const { todayIds, ...counts } = countEntries(index, today);
  const highRiskToday = (await highRiskAmong(database, todayIds)).size;
  return { arrivalsToday: todayIds.length, highRiskToday, ...counts, overdueCheckIns: null };
}
