import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  eachDay,
  isoWeekOf,
  monthRange,
  plusDays,
  todayIn,
  weekRange,
} from './report-period.ts';

describe('report periods', () => {
  it('reads ISO weeks (week 1 holds the first Thursday; 53-week years)', () => {
    expect(weekRange('2026-W01')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(weekRange('2026-W53')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekRange('2025-W53')).toBeNull();
    expect(weekRange('2025-W00')).toBeNull();
    expect(weekRange('2025-5')).toBeNull();
  });

  it('reads months, leap years included', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2026-13')).toBeNull();
    expect(monthRange('2026-00')).toBeNull();
  });

  it('every date lies in the ISO week isoWeekOf names, which has 7 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (n) => {
        const date = plusDays('1990-01-01', n);
        const range = weekRange(isoWeekOf(date));
        expect(range && range.from <= date && date <= range.to).toBe(true);
        expect(range && daysInRange(range)).toBe(7);
      }),
    );
  });

  it('counts and lists the days of a range', () => {
    expect(daysInRange({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(daysInRange({ from: '2026-01-02', to: '2026-01-01' })).toBe(0);
    expect(eachDay({ from: '2026-02-27', to: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it("tells today's date in the post's time zone", () => {
    expect(todayIn('Asia/Ho_Chi_Minh', new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
    expect(todayIn('UTC', new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-23');
  });

  it("does not depend on a locale's formatted output (WebKit formats en-CA as 11/27/2026)", () => {
    const proto = Intl.DateTimeFormat.prototype;
    const original = Object.getOwnPropertyDescriptor(proto, 'format');
    Object.defineProperty(proto, 'format', { configurable: true, get: () => () => '11/27/2026' });
    try {
      expect(todayIn('Asia/Ho_Chi_Minh', new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27');
      expect(todayIn('Pacific/Kiritimati', new Date('2026-11-27T10:30:00Z'))).toBe('2026-11-28');
    } finally {
      if (original) Object.defineProperty(proto, 'format', original);
    }
  });
});
