/**
 * Traveller search (docs/spec.md §3): fullName and passportNo match as case-insensitive
 * substrings, nationality exactly, entryDateFrom/entryDateTo as an inclusive range.
 * Empty strings mean "no filter".
 */
import { z } from 'zod';
import { foldForSearch, searchKey } from '../domain/search-fold.ts';
import { countryCode, isoDate, plainShape, whenValid } from './common.ts';

const emptyString = z.literal('', { error: 'validation.invalid_type' });

export const travelerFiltersSchema = plainShape({
  fullName: z.string('validation.invalid_type').max(100, 'validation.max_length').optional(),
  passportNo: z.string('validation.invalid_type').max(20, 'validation.max_length').optional(),
  nationality: z
    .union([emptyString, countryCode()], { error: 'traveler.errors.nationalityInvalid' })
    .optional(),
  entryDateFrom: z.union([emptyString, isoDate()], { error: 'validation.invalid_date' }).optional(),
  entryDateTo: z.union([emptyString, isoDate()], { error: 'validation.invalid_date' }).optional(),
}).refine((f) => !f.entryDateFrom || !f.entryDateTo || f.entryDateFrom <= f.entryDateTo, {
  error: 'validation.date_range',
  path: ['entryDateTo'],
  ...whenValid('entryDateFrom', 'entryDateTo'),
});
export type TravelerFilters = z.infer<typeof travelerFiltersSchema>;

/** The traveller fields the filters read. */
export type FilterableTraveler = {
  fullName: string;
  passportNo: string;
  nationality: string;
  entryDate: string;
};

/**
 * True when the traveller matches every filter that is set.
 * @internal Exported for its tests only (knip --production).
 */
export function matchesTravelerFilters(traveler: FilterableTraveler, filters: TravelerFilters): boolean {
  const name = filters.fullName ? searchKey(filters.fullName) : '';
  if (name && !foldForSearch(traveler.fullName).includes(name)) return false;
  const passport = filters.passportNo?.trim().toLowerCase();
  if (passport && !traveler.passportNo.toLowerCase().includes(passport)) return false;
  if (filters.nationality && traveler.nationality !== filters.nationality) return false;
  // 'YYYY-MM-DD' strings compare in date order.
  if (filters.entryDateFrom && traveler.entryDate < filters.entryDateFrom) return false;
  if (filters.entryDateTo && traveler.entryDate > filters.entryDateTo) return false;
  return true;
}
