import { describe, expect, it } from 'vitest';
import {
  joinMonth,
  joinWeek,
  monthChoices,
  splitMonth,
  splitWeek,
  weekChoices,
  weeksIn,
  yearChoices,
  yearFirst,
} from './period-parts.ts';

describe('period parts', () => {
  it('splits and joins ISO weeks and months, keeping the week within its year', () => {
    expect(splitWeek('2026-W05')).toEqual({ year: 2026, part: 5 });
    expect(splitWeek('')).toEqual({ year: null, part: null });
    expect(splitMonth('2026-11')).toEqual({ year: 2026, part: 11 });
    expect(splitMonth('2026-W05')).toEqual({ year: null, part: null });
    expect(weeksIn(2026)).toBe(53);
    expect(weeksIn(2025)).toBe(52);
    expect(joinWeek(2026, 53)).toBe('2026-W53');
    expect(joinWeek(2025, 53)).toBe('2025-W52');
    expect(joinWeek(2026, 0)).toBe('2026-W01');
    expect(joinMonth(2026, 2)).toBe('2026-02');
  });

  it('offers ten years back and one ahead, newest first, and always the selected year', () => {
    const years = yearChoices(2026, 2026);
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2016);
    expect(yearChoices(1999, 2026).at(-1)).toBe(1999);
    expect(yearChoices(2040, 2026)[0]).toBe(2040);
  });

  it('names months and weeks in the app language, in its order', () => {
    expect(monthChoices('vi-VN')[1]?.label).toMatch(/^tháng 2$/i);
    expect(monthChoices('en-GB')[1]?.label).toBe('February');
    expect(monthChoices('ja-JP')[1]?.label).toBe('2月');
    const weeks = weekChoices(2026, 'vi-VN', (n, from, to) => `${n}: ${from}-${to}`);
    expect(weeks).toHaveLength(53);
    // ISO week 1 of 2026 runs from Monday 29 December 2025 to Sunday 4 January.
    expect(weeks[0]).toEqual({ value: 1, label: '1: 29/12-04/01' });
    expect(weekChoices(2026, 'ja-JP', (n, from) => `${n} ${from}`)[47]?.label).toBe('48 11/23');
    expect(yearFirst('ja-JP')).toBe(true);
    expect(yearFirst('vi-VN')).toBe(false);
    expect(yearFirst('en-GB')).toBe(false);
  });
});
