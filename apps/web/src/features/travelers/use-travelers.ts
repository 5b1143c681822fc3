/**
 * Hooks of the entry-management screen over the local database (works offline).
 */
import type { SystemMode, TravelerFilters } from '@bh/shared';
import { DEFAULT_SYSTEM_MODE } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  BUNDLED_LISTS,
  getReferenceLists,
  type ReferenceLists,
  refreshReferenceLists,
} from '../../db/reference-repo.ts';
import { getSystemMode, getTraveler, type LocalTraveler, travelerIndex } from '../../db/travelers-repo.ts';

/** Search over the in-memory index: results, statistics and the load state. */
export function useTravelerSearch(filters: TravelerFilters) {
  const index = travelerIndex();
  const version = useSyncExternalStore(index.subscribe, index.getVersion);
  const state = index.getState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the index's change counter
  const items = useMemo(() => index.search(filters), [index, filters, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the index's change counter
  const stats = useMemo(() => index.stats(), [index, version]);
  return { state, items, stats, retry: () => index.reload() };
}

/** One traveller, live (undefined while loading, null when missing). */
export function useTraveler(id: string | null): LocalTraveler | null | undefined {
  return useLiveQuery(async () => (id ? getTraveler(id) : null), [id]);
}

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
      if (alive) setLists(saved);
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
