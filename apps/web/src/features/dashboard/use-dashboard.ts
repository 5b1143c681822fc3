/** The dashboard's figures, live from the device's database (recomputed on every local change). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { type DashboardFigures, deviceDashboardFigures } from '../../db/dashboard-repo.ts';
import { highRiskCache } from '../../db/dashboard-risk-cache.ts';
import { db } from '../../db/database.ts';
import { useTravelerListVersion } from '../../db/use-traveler-list.ts';
import { deviceToday } from '../../lib/today.ts';

export function useDashboard(): { today: string; figures: DashboardFigures | undefined } {
  const version = useTravelerListVersion();
  // A declaration change shows through the risk cache's version: a cached answer is no read
  // the live query could observe.
  const risks = highRiskCache(db);
  const risksVersion = useSyncExternalStore(risks.subscribe, risks.getVersion);
  const today = deviceToday();
  const figures = useLiveQuery(() => deviceDashboardFigures(today), [version, risksVersion, today]);
  return { today, figures };
}
