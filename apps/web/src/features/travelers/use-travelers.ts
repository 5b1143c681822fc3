/**
 * Hooks of the entry-management screen over the local database (works offline).
 */
import type { SystemMode } from '@bh/shared';
import { DEFAULT_SYSTEM_MODE } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/database.ts';
import {
  BUNDLED_LISTS,
  getReferenceLists,
  type ReferenceLists,
  refreshReferenceLists,
} from '../../db/reference-repo.ts';
import { getSystemMode, getTraveler, type LocalTraveler } from '../../db/travelers-repo.ts';

/** One traveller, live (undefined while loading, null when missing). */
export function useTraveler(id: string | null): LocalTraveler | null | undefined {
  return useLiveQuery(async () => (id ? getTraveler(id) : null), [id]);
}

/** The risk level of each of these travellers' live declarations (by traveller id), live. */
export function useRiskLevels(ids: readonly string[]): ReadonlyMap<string, string> {
  const key = ids.join(',');
  return useLiveQuery(
    async () => {
      // A traveller's declaration has the traveller's id (declarations-repo.ts).
      const found = await db.declarations.bulkGet(key ? key.split(',') : []);
      return new Map(found.flatMap((d) => (d && !d.deletedAt ? [[d.travelerId, d.riskLevel]] : [])));
    },
    [key],
    NO_RISKS,
  );
}
const NO_RISKS: ReadonlyMap<string, string> = new Map();

/** The current system mode from the local status record (pandemic until known). */
export function useSystemMode(): SystemMode {
  return useLiveQuery(() => getSystemMode(), [], DEFAULT_SYSTEM_MODE);
}

/** Reference lists: the saved copy at once, then a fresh download when online. */
export function useReferenceLists(): ReferenceLists {
  const [lists, setLists] = useState<ReferenceLists>(BUNDLED_LISTS);
  useEffect(() => {
    let alive = true;
    void getReferenceLists().then((saved) => {
      // Gone before the saved copy arrived: nothing to show it in, nothing to refresh.
      if (!alive) return;
      setLists(saved);
      if (navigator.onLine) {
        void refreshReferenceLists().then((fresh) => {
          if (alive) setLists(fresh);
        });
      }
    });
    return () => {
      alive = false;
    };
  }, []);
  return lists;
}

export { useWideScreen } from '../../lib/use-wide-screen.ts';
