import { describe, expect, it } from 'vitest';
import { INITIAL_SYSTEM_FIGURES, isLocale, isSystemMode, pickLocale, STORAGE_KEYS } from './constants.ts';
import * as reference from './reference.ts';

describe('reference lists', () => {
  // The spec's lists by code, in the spec's order (the filter list adds ES).
  it.each([
    ['countries', reference.COUNTRIES, 'VN US JP KR CN TH SG MY AU GB FR DE'],
    ['filter countries', reference.FILTER_COUNTRIES, 'VN US JP KR CN TH SG MY AU GB FR DE ES'],
    ['origin airports', reference.ORIGIN_AIRPORTS, 'HAN SGN DAD CXR PQC DOH SIN NRT ICN LAX'],
    ['destination airports', reference.DESTINATION_AIRPORTS, 'SGN HAN DAD CXR PQC'],
  ])('has the spec %s', (_name, list, codes) => {
    expect(list.map((item) => item.code)).toEqual(codes.split(' '));
  });

  it('labels every status, pending as pending declaration', () => {
    expect(reference.TRAVELER_STATUS_OPTIONS.map((o) => o.value)).toEqual([...reference.TRAVELER_STATUSES]);
    expect(reference.travelerStatusLabelKey('pending')).toBe('travelers.status.pendingDeclaration');
    expect(reference.TRAVELER_STATUS_OPTIONS[0]?.label.en).toBe('Pending declaration');
    expect(reference.travelerStatusLabelKey('weird')).toBe('travelers.status.unknown');
  });

  it('has the risk zones with their labels', () => {
    expect(reference.RISK_ZONE_OPTIONS.map((z) => z.label.en)).toEqual([
      'Wuhan, China',
      'Lombardy, Italy',
      'Qom, Iran',
      'Daegu, Korea',
    ]);
  });

  it('has the constants of the spec', () => {
    expect(STORAGE_KEYS.locale).toBe('app-locale');
    expect(INITIAL_SYSTEM_FIGURES).toEqual({
      activeUsers: 15,
      todayEntries: 32,
      pendingCases: 8,
      quarantineCases: 5,
      systemUptime: 99.9,
    });
    expect(isLocale('ja')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isSystemMode('emergency')).toBe(true);
    expect(pickLocale({ vi: 'a', en: 'b', ja: 'c' }, 'xx')).toBe('a');
  });
});
