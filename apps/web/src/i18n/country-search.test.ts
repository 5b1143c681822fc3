import { alpha2FromMrz } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries.ts';
import { filterCountries, foldCountry, searchableCountries } from './country-search.ts';

const codes = (locale: string, typed: string) =>
  filterCountries(searchableCountries(countryOptions(locale)), typed, alpha2FromMrz).map((c) => c.code);

describe('country search', () => {
  it('folds case, accents and đ', () => {
    expect(foldCountry('  Thụy   Điển ')).toBe('thuy dien');
    expect(foldCountry('ＳＷＥ')).toBe('swe');
    expect(foldCountry('Côte d’Ivoire')).toBe('cote d’ivoire');
  });

  it('offers all 249 countries before anything is typed', () => {
    expect(codes('vi', '')).toHaveLength(249);
    expect(codes('en', '   ')).toHaveLength(249);
  });

  it('finds by the name in the language, with or without accents', () => {
    expect(codes('vi', 'Thụy').sort()).toEqual(['CH', 'SE']);
    expect(codes('vi', 'thuy').sort()).toEqual(['CH', 'SE']);
    expect(codes('vi', 'THỤY ĐIỂN')).toEqual(['SE']);
    expect(codes('vi', 'dien')).toContain('SE');
    expect(codes('ja', 'スウェーデン')).toEqual(['SE']);
  });

  it('finds by the English name in every language', () => {
    expect(codes('en', 'Swe')).toEqual(['SE']);
    expect(codes('vi', 'Swe')).toEqual(['SE']);
    expect(codes('ja', 'sweden')).toEqual(['SE']);
    expect(codes('vi', 'viet')[0]).toBe('VN');
  });

  it('finds by the two-letter and the passport code, first in the list', () => {
    expect(codes('vi', 'se')[0]).toBe('SE');
    expect(codes('vi', 'SWE')).toEqual(['SE']);
    expect(codes('en', 'vnm')[0]).toBe('VN');
    expect(codes('en', 'VN')[0]).toBe('VN');
    expect(codes('ja', 'jp')[0]).toBe('JP');
  });

  it('puts names starting with the text before names containing it', () => {
    const found = codes('en', 'guinea');
    // Guinea, then Equatorial Guinea, Guinea-Bissau and Papua New Guinea (a word starts with it).
    expect(found[0]).toBe('GN');
    expect(found.slice(1).sort()).toEqual(['GQ', 'GW', 'PG']);
    expect(found.indexOf('GW')).toBe(1);
    expect(codes('en', 'ger').slice(0, 1)).toEqual(['DE']);
  });

  it('finds nothing for a text no country has', () => {
    expect(codes('vi', 'zzqx')).toEqual([]);
  });
});
