/**
 * Local travellers and declarations for the dashboard's test and benchmark: traveller i entered
 * i % days days before `today`, its status cycles through five statuses, every 50th is a
 * tombstone, and every third has a declaration whose risk level cycles low, medium, high.
 */
import type { PWADatabase } from '../db/database.ts';

const STATUSES = ['pending', 'declared', 'tested', 'cleared', 'quarantine'];
const RISKS = ['low', 'medium', 'high'];
const DAY_MS = 86_400_000;

export async function fillDashboardFixture(
  database: PWADatabase,
  n: number,
  today: string,
  days = 30,
  /** Quarantined travellers who entered in the last 14 days get a 14-day schedule (no check-ins). */
  options: { schedules?: boolean } = {},
) {
  const base = Date.parse(`${today}T00:00:00Z`);
  const travelers = [];
  const declarations = [];
  for (let i = 0; i < n; i++) {
    const id = `t-${i}`;
    const entryDate = new Date(base - (i % days) * DAY_MS).toISOString().slice(0, 10);
    const status = STATUSES[i % STATUSES.length];
    const scheduled = options.schedules === true && status === 'quarantine' && i % days < 14;
    travelers.push({
      id,
      fullName: `Traveller ${i}`,
      passportNo: `P${String(i).padStart(8, '0')}`,
      nationality: 'VN',
      entryDate,
      status,
      ...(scheduled ? { quarantineStart: entryDate, quarantineDays: 14 } : {}),
      createdAt: `${entryDate}T08:00:00.000Z`,
      version: 1,
      deletedAt: i % 50 === 49 ? `${today}T09:00:00.000Z` : null,
      syncStatus: 'synced' as const,
      lastModified: i,
    });
    if (i % 3 === 0) {
      declarations.push({
        id,
        travelerId: id,
        riskLevel: RISKS[(i / 3) % RISKS.length],
        version: 1,
        deletedAt: null,
        syncStatus: 'synced' as const,
        lastModified: i,
      });
    }
  }
  await database.travelers.bulkPut(travelers);
  await database.declarations.bulkPut(declarations);
}

/** What the fixture's dashboard shows, counted the slow and obvious way. */
export function expectedFigures(n: number, days = 30) {
  let arrivalsToday = 0;
  let pendingDeclarations = 0;
  let quarantineActive = 0;
  let highRiskToday = 0;
  for (let i = 0; i < n; i++) {
    if (i % 50 === 49) continue;
    const status = STATUSES[i % STATUSES.length];
    if (status === 'pending') pendingDeclarations++;
    if (status === 'quarantine') quarantineActive++;
    if (i % days === 0) {
      arrivalsToday++;
      if (i % 3 === 0 && RISKS[(i / 3) % RISKS.length] === 'high') highRiskToday++;
    }
  }
  return { arrivalsToday, pendingDeclarations, highRiskToday, quarantineActive, overdueCheckIns: 0 };
}
