import { describe, expect, it } from 'vitest';
import { activeFilterCount, withQuickSearch } from './quick-search.ts';

describe('quick search', () => {
  it('reads one word with a digit as a passport and other text as a name', () => {
    expect(withQuickSearch({}, 'Trần Thị Hoa 1234')).toEqual({ fullName: 'Trần Thị Hoa 1234' });
    expect(withQuickSearch({ nationality: 'VN' }, ' B123 ')).toEqual({
      nationality: 'VN',
      passportNo: 'B123',
    });
    expect(withQuickSearch({}, 'an')).toEqual({ fullName: 'an' });
    expect(withQuickSearch({ fullName: 'x' }, '  ')).toEqual({ fullName: 'x' });
  });
  it('counts the filters that hold a value', () => {
    expect(activeFilterCount({ fullName: '', nationality: 'JP', entryDateFrom: '2026-01-01' })).toBe(2);
  });
});
