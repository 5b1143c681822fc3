/** Today's work queue, live from the device's database (recomputed on every local change). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { highRiskCache } from '../../db/dashboard-risk-cache.ts';
import { db } from '../../db/database.ts';
import { travelerIndex } from '../../db/travelers-repo.ts';
import { useTravelerListVersion } from '../../db/use-traveler-list.ts';
import { deviceToday } from '../../lib/today.ts';
import { buildWorkQueue, type QueueRisk, type QueueTraveler, type WorkQueue } from './work-queue.ts';

const OPEN = new Set(['pending', 'declared', 'tested', 'quarantine']);

async function readWorkQueue(today: string): Promise<WorkQueue> {
  const index = travelerIndex(db);
  await index.settled();
  const open: QueueTraveler[] = [];
  index.forEachLive((e) => {
    if (OPEN.has(e.status)) open.push(e);
  });
  const quarantined = open.filter((t) => t.status === 'quarantine').map((t) => t.id);
  const [declarations, checkIns] = await Promise.all([
    // A traveller's declaration has the traveller's id (declarations-repo.ts).
    db.declarations.bulkGet(open.filter((t) => t.status !== 'pending').map((t) => t.id)),
    db.checkIns.where('travelerId').anyOf(quarantined).toArray(),
  ]);
  const risks = new Map<string, QueueRisk>();
  for (const d of declarations)
    if (d && !d.deletedAt) risks.set(d.travelerId, { level: d.riskLevel, score: d.riskScore });
  const checked = new Map<string, string[]>();
  for (const c of checkIns)
    if (!c.deletedAt) checked.set(c.travelerId, [...(checked.get(c.travelerId) ?? []), c.date]);
  return buildWorkQueue(open, risks, checked, today);
}

export function useWorkQueue(): WorkQueue | undefined {
  const version = useTravelerListVersion();
  // A declaration change shows through the risk cache's version (as the dashboard's figures do):
  // the live query's own observation of the declarations it reads can be lost when it awaits the
  // traveller index, whose run opens records with WebCrypto (docs/decisions/016-encryption-at-rest.md).
  const risks = highRiskCache(db);
  const risksVersion = useSyncExternalStore(risks.subscribe, risks.getVersion);
  const today = deviceToday();
  return useLiveQuery(() => readWorkQueue(today), [version, risksVersion, today]);
}
