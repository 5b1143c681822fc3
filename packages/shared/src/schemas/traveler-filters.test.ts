import { describe, expect, it } from 'vitest';
import { validTravelerInput } from '../testing/fixtures.ts';
import { matchesTravelerFilters, travelerFiltersSchema } from './traveler-filters.ts';
import { validateWith } from './validate.ts';

// Nguyen Van An, B1234567, VN, entered 2025-01-15.
const traveler = validTravelerInput;

describe('matchesTravelerFilters', () => {
  it('matches everything without filters or with empty ones', () => {
    expect(matchesTravelerFilters(traveler, {})).toBe(true);
    expect(
      matchesTravelerFilters(traveler, {
        fullName: '',
        passportNo: ' ',
        nationality: '',
        entryDateFrom: '',
        entryDateTo: '',
      }),
    ).toBe(true);
  });

  it('matches name and passport as case-insensitive substrings', () => {
    expect(matchesTravelerFilters(traveler, { fullName: 'van an' })).toBe(true);
    expect(matchesTravelerFilters(traveler, { fullName: 'NGUYEN' })).toBe(true);
    expect(matchesTravelerFilters(traveler, { fullName: 'tran' })).toBe(false);
    expect(matchesTravelerFilters(traveler, { passportNo: 'b123' })).toBe(true);
    expect(matchesTravelerFilters(traveler, { passportNo: '4567' })).toBe(true);
    expect(matchesTravelerFilters(traveler, { passportNo: 'C1' })).toBe(false);
  });

  it('matches nationality exactly', () => {
    expect(matchesTravelerFilters(traveler, { nationality: 'VN' })).toBe(true);
    expect(matchesTravelerFilters(traveler, { nationality: 'US' })).toBe(false);
  });

  it('includes both ends of the date range', () => {
    expect(matchesTravelerFilters(traveler, { entryDateFrom: '2025-01-15', entryDateTo: '2025-01-15' })).toBe(
      true,
    );
    expect(matchesTravelerFilters(traveler, { entryDateFrom: '2025-01-16' })).toBe(false);
    expect(matchesTravelerFilters(traveler, { entryDateTo: '2025-01-14' })).toBe(false);
    expect(matchesTravelerFilters(traveler, { entryDateFrom: '2025-01-01', entryDateTo: '2025-01-31' })).toBe(
      true,
    );
  });

  it('combines filters with AND', () => {
    expect(matchesTravelerFilters(traveler, { fullName: 'an', nationality: 'US' })).toBe(false);
  });
});

describe('travelerFiltersSchema', () => {
  it('accepts empty strings and valid values', () => {
    expect(travelerFiltersSchema.safeParse({ nationality: '', entryDateFrom: '' }).success).toBe(true);
    expect(travelerFiltersSchema.safeParse({ nationality: 'JP', entryDateFrom: '2025-01-01' }).success).toBe(
      true,
    );
  });

  it('refuses bad dates and an inverted range', () => {
    expect(validateWith(travelerFiltersSchema, { entryDateFrom: '15/01/2025' })).toMatchObject({
      errors: { entryDateFrom: 'validation.invalid_date' },
    });
    expect(
      validateWith(travelerFiltersSchema, { entryDateFrom: '2025-02-01', entryDateTo: '2025-01-01' }),
    ).toMatchObject({ errors: { entryDateTo: 'validation.date_range' } });
  });
});
