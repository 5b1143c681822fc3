/** The toolbar's quick search on top of the filters, and how many filters are set. */
import type { TravelerFilters } from '@bh/shared';

/**
 * One box for name or passport: one word with a digit is read as a passport number (passports
 * always have digits and no spaces), anything else as a name ("Trần Thị Hoa 2" is a name: the
 * list can hold namesakes told apart by a number).
 */
export function withQuickSearch(filters: TravelerFilters, query: string): TravelerFilters {
  const q = query.trim();
  if (q === '') return filters;
  return /\d/.test(q) && !/\s/.test(q) ? { ...filters, passportNo: q } : { ...filters, fullName: q };
}

/** The number of filters with a value (the badge on the phone's filter button). */
export function activeFilterCount(filters: TravelerFilters): number {
  return Object.values(filters).filter((v) => typeof v === 'string' && v.trim() !== '').length;
}

/** The filters of a fresh search (every field empty). */
export const EMPTY_FILTERS: Required<TravelerFilters> = {
  fullName: '',
  passportNo: '',
  nationality: '',
  entryDateFrom: '',
  entryDateTo: '',
};
