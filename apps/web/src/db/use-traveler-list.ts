/**
 * The traveller index for screens: one hook that follows it. Features read the index through
 * these and the repositories, never by subscribing to it or waiting for it themselves.
 */
import type { TravelerFilters } from '@bh/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { db, type PWADatabase } from './database.ts';
import { travelerIndex } from './travelers-repo.ts';

/** Matching live travellers (newest entry date first), the counts, the load state and a retry. */
export function useTravelerList(filters: TravelerFilters, database: PWADatabase = db) {
  const index = travelerIndex(database);
  const version = useSyncExternalStore(index.subscribe, index.getVersion);
  const state = index.getState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the index's change counter
  const items = useMemo(() => index.search(filters), [index, filters, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the index's change counter
  const stats = useMemo(() => index.stats(), [index, version]);
  return { state, items, stats, retry: () => index.reload() };
}

/**
 * A number that changes whenever the traveller index does: the dependency of a figure computed
 * from it through a repository (the dashboard's).
 */
export function useTravelerListVersion(database: PWADatabase = db): number {
  const index = travelerIndex(database);
  return useSyncExternalStore(index.subscribe, index.getVersion);
}
