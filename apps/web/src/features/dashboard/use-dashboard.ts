/** The dashboard's figures, live from the device's database (recomputed on every local change). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { type DashboardFigures, dashboardFigures } from '../../db/dashboard-repo.ts';
import { db } from '../../db/database.ts';
import { travelerIndex } from '../../db/travelers-repo.ts';
import { deviceToday } from '../../lib/today.ts';

export function useDashboard(): { today: string; figures: DashboardFigures | undefined } {
  const index = travelerIndex();
  const version = useSyncExternalStore(index.subscribe, index.getVersion);
  const today = deviceToday();
  const figures = useLiveQuery(() => dashboardFigures(db, index, today), [index, version, today]);
  return { today, figures };
}
