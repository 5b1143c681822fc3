import { describe, expect, it } from 'vitest';
import { passportExpiryWarning } from './passport-expiry.ts';

describe('passportExpiryWarning', () => {
  const TODAY = '2026-11-27';
  it.each([
    // [passportExpiry, entryDate, durationOfStay, expected]
    ['2026-11-26', '2026-11-27', 10, 'expired'],
    ['2020-01-01', null, null, 'expired'],
    ['2026-11-26', '2026-11-20', null, 'expired'],
    ['2026-11-27', '2026-11-27', null, null],
    ['2026-11-27', '2026-11-27', 0, null],
    ['2026-11-27', '2026-11-27', 1, 'expires_during_stay'],
    ['2026-12-06', '2026-11-27', 10, 'expires_during_stay'],
    ['2026-12-07', '2026-11-27', 10, null],
    ['2026-12-07', '2026-11-27', '10', null],
    ['2026-12-06', '2026-11-27', ' 10 ', 'expires_during_stay'],
    ['2027-03-01', '2026-12-20', 90, 'expires_during_stay'],
    ['2027-03-20', '2026-12-20', 90, null],
    // Entry later than today, passport gone by then, no length given.
    ['2026-12-01', '2026-12-05', null, 'expires_during_stay'],
    ['2026-12-01', '2026-12-05', '', 'expires_during_stay'],
    // Across a leap day: 2028-02-28 + 2 days is 2028-03-01.
    ['2028-02-29', '2028-02-28', 2, 'expires_during_stay'],
    ['2028-03-01', '2028-02-28', 2, null],
    ['2030-01-01', '2026-11-27', 30, null],
  ] as const)('expiry %s, entry %s, stay %j: %s', (passportExpiry, entryDate, durationOfStay, expected) => {
    expect(passportExpiryWarning({ passportExpiry, entryDate, durationOfStay }, TODAY)).toBe(expected);
  });

  it.each([
    [{}],
    [{ passportExpiry: null, entryDate: '2026-11-27' }],
    [{ passportExpiry: '', entryDate: '2026-11-27' }],
    [{ passportExpiry: '27/11/2020', entryDate: '2026-11-27' }],
    [{ passportExpiry: '2026-12-01', entryDate: '' }],
    [{ passportExpiry: '2026-12-01', entryDate: 'soon', durationOfStay: 30 }],
    [{ passportExpiry: '2026-12-01', entryDate: '2026-11-27', durationOfStay: 'abc' }],
  ])('no warning without a readable expiry and stay: %j', (traveler) => {
    expect(passportExpiryWarning(traveler, TODAY)).toBeNull();
  });
});
