/**
 * Reference lists (countries, nationalities, airports, flight suggestions) from
 * GET /api/config/*, kept in the `meta` store so the traveller form works offline. Before the
 * first successful download the lists bundled with the app (packages/shared, the same data the
 * server serves) are used.
 */
import {
  type Airport,
  COUNTRIES,
  type Country,
  DESTINATION_AIRPORTS,
  FILTER_COUNTRIES,
  FLIGHT_SUGGESTIONS,
  ORIGIN_AIRPORTS,
} from '@bh/shared';
import { api } from '../lib/api.ts';
import { db as defaultDb, type PWADatabase } from './database.ts';

export interface ReferenceLists {
  /** Every country (search panel). */
  countries: readonly Country[];
  /** Nationalities offered in the traveller form. */
  nationalities: readonly Country[];
  origins: readonly Airport[];
  destinations: readonly Airport[];
  flightSuggestions: readonly string[];
  /** When the lists were downloaded; null for the bundled lists. */
  fetchedAt: number | null;
}

const META_KEY = 'referenceLists';

export const BUNDLED_LISTS: ReferenceLists = {
  countries: FILTER_COUNTRIES,
  nationalities: COUNTRIES,
  origins: ORIGIN_AIRPORTS,
  destinations: DESTINATION_AIRPORTS,
  flightSuggestions: FLIGHT_SUGGESTIONS,
  fetchedAt: null,
};

const isList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0;

function looksValid(v: unknown): v is ReferenceLists {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return isList(r.countries) && isList(r.nationalities) && isList(r.origins) && isList(r.destinations);
}

/** The lists saved on the device, or the bundled ones. */
export async function getReferenceLists(database: PWADatabase = defaultDb): Promise<ReferenceLists> {
  const saved = (await database.meta.get(META_KEY))?.value;
  return looksValid(saved) ? saved : BUNDLED_LISTS;
}

type Items<T> = { items: T[] };

/** Downloads the lists and saves them; on any failure keeps what the device has. */
export async function refreshReferenceLists(database: PWADatabase = defaultDb): Promise<ReferenceLists> {
  try {
    const [countries, nationalities, airports, flights] = await Promise.all([
      api.get<Items<Country>>('/api/config/countries'),
      api.get<Items<Country>>('/api/config/nationalities'),
      api.get<{ origins: Airport[]; destinations: Airport[] }>('/api/config/airports'),
      api.get<Items<string>>('/api/config/flight-suggestions'),
    ]);
    const lists: ReferenceLists = {
      countries: countries.items,
      nationalities: nationalities.items,
      origins: airports.origins,
      destinations: airports.destinations,
      flightSuggestions: flights.items,
      fetchedAt: Date.now(),
    };
    if (!looksValid(lists)) return getReferenceLists(database);
    await database.meta.put({ key: META_KEY, value: lists });
    return lists;
  } catch {
    // Offline or server trouble: the saved (or bundled) lists are still right for the form.
    return getReferenceLists(database);
  }
}
